// Shapes shared by rule validation (zod, management API) and rule compilation (the edge bundle, which
// must not load zod): kept in a module with no dependencies.

/** `header` condition values: `<header-name>: <header-value>`; the value may be empty (with `contains`: "header present"). */
export const HEADER_CONDITION = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*)$/s;
