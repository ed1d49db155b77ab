// The query an opa policy runs when its config block gives none (action interface, mode
// sync-policies): the `deny` rule of the file's package.

/** The package of a Rego file (`package a.b.c` → `a.b.c`), or null when it has none. */
export function regoPackage(code: string): string | null {
  // A package clause is the first statement of a Rego module, so the first line that starts
  // with `package` is it; comments (`#`) never start with that word.
  // A byte order mark may precede it on the first line.
  const match = /^\uFEFF?[ \t]*package[ \t]+([^\s#]+)/m.exec(code);
  return match?.[1] ?? null;
}

/** `data.<package>.deny`, or null when the file has no package clause. */
export function derivedOpaQuery(code: string): string | null {
  const pkg = regoPackage(code);
  return pkg === null ? null : `data.${pkg}.deny`;
}
