/**
 * settings `webFetch.allowedDomains`: `example.com` allows it and its subdomains
 * (`docs.example.com`); `*.example.com` is read the same way. No list allows every
 * host; an empty list allows none (fail closed).
 */
export function isAllowedHost(hostname: string, allowedDomains: readonly string[] | undefined) {
  if (allowedDomains === undefined) return true;
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return allowedDomains.some((entry) => {
    const domain = entry.trim().toLowerCase().replace(/^\*\./, "").replace(/\.$/, "");
    return domain !== "" && (host === domain || host.endsWith(`.${domain}`));
  });
}
