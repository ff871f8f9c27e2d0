/**
 * `list_mcp_resources` and `read_mcp_resource`: the model's way to the resources
 * (files, records, documents) MCP servers offer. Offered only while a connected server
 * declares resources; a failure is an envelope error naming the server.
 */
import { failure, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import type { McpServerConnection } from "./connection.js";

export const LIST_RESOURCES_NAME = "list_mcp_resources";
export const READ_RESOURCE_NAME = "read_mcp_resource";

/** The connected servers that offer resources, by configured name. */
type ResourceServers = () => McpServerConnection[];

export function createResourceTools(servers: ResourceServers): Tool[] {
  return [listResourcesTool(servers), readResourceTool(servers)];
}

function listResourcesTool(servers: ResourceServers): Tool {
  return {
    name: LIST_RESOURCES_NAME,
    label: "MCP resources",
    description:
      "Lists the resources (documents, files, records) the connected MCP servers offer: each one's server, URI, name, type and description. Read one with read_mcp_resource.",
    parameters: Type.Object({
      server: Type.Optional(Type.String({ description: "Only this server's resources." })),
    }),
    readOnly: true,
    async execute(params, context) {
      const only = (params as { server?: string }).server;
      const chosen = servers().filter((s) => only === undefined || s.name === only);
      if (only !== undefined && chosen.length === 0) return unknownServer(only, servers());
      const lines: string[] = [];
      const listed: Record<string, unknown>[] = [];
      for (const server of chosen) {
        try {
          for (const r of await server.listResources(context.signal)) {
            listed.push({ server: server.name, uri: r.uri, name: r.name, mimeType: r.mimeType });
            const about = [r.mimeType, r.description].filter(Boolean).join(" — ");
            lines.push(`${server.name}  ${r.uri}  ${r.name}${about ? `  (${about})` : ""}`);
          }
        } catch (error) {
          lines.push(`${server.name}: could not list its resources: ${message(error)}`);
        }
      }
      const text = lines.length > 0 ? lines.join("\n") : "The servers offer no resources now.";
      return success({ resources: listed }, text);
    },
  };
}

function readResourceTool(servers: ResourceServers): Tool {
  return {
    name: READ_RESOURCE_NAME,
    label: "MCP resource",
    description:
      "Reads one resource of an MCP server by its URI (from list_mcp_resources): its text, or for binary content its type and size.",
    parameters: Type.Object({
      server: Type.String({ description: "The server's name, as list_mcp_resources shows it." }),
      uri: Type.String({ minLength: 1, description: "The resource's URI." }),
    }),
    readOnly: true,
    async execute(params, context) {
      const { server: name, uri } = params as { server: string; uri: string };
      const server = servers().find((s) => s.name === name);
      if (!server) return unknownServer(name, servers());
      try {
        const result = await server.readResource(uri, context.signal);
        const parts = result.contents.map((c) =>
          "text" in c
            ? c.text
            : `[${c.mimeType ?? "binary"} content of ${c.uri}: ${Math.floor((c.blob.length * 3) / 4)} bytes]`,
        );
        return success({ uri, contents: result.contents.length }, parts.join("\n\n"));
      } catch (error) {
        return failure(
          "EXECUTION_ERROR",
          `Reading ${uri} from MCP server "${name}" failed: ${message(error)}`,
          {
            next: [`Check the URI with ${LIST_RESOURCES_NAME} (server "${name}").`],
          },
        );
      }
    },
  };
}

function unknownServer(name: string, servers: McpServerConnection[]) {
  const names = servers.map((s) => s.name).join(", ") || "none";
  return failure(
    "NOT_FOUND",
    `No MCP server "${name}" offers resources (those that do: ${names}).`,
    {
      next: [`Call ${LIST_RESOURCES_NAME} without a server to see them all.`],
    },
  );
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
