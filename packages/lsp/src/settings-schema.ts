/** The settings' `lsp` key as the settings files are checked against it (runtime's settings schema). */
import { Type } from "@sinclair/typebox";

const NonEmpty = Type.String({ minLength: 1 });

export const LanguageServerSettingSchema = Type.Object(
  {
    command: Type.Optional(NonEmpty),
    args: Type.Optional(Type.Array(Type.String())),
    extensions: Type.Optional(Type.Array(NonEmpty)),
    rootMarkers: Type.Optional(Type.Array(NonEmpty)),
    initializationOptions: Type.Optional(Type.Unknown()),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** `lsp: {<name>: {command, args?, extensions, rootMarkers?, initializationOptions?, disabled?}}`. */
export const LanguageServerSettingsSchema = Type.Record(Type.String(), LanguageServerSettingSchema);
