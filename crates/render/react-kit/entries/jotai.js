// jotai's entry points as one module (README, "Single-file React"): `jotai`, `jotai/utils`,
// `jotai/react`, `jotai/vanilla` and their utils. Each of jotai's own files imports the others by
// relative path, so bundled apart, `atomWithStorage` from `jotai/utils` and `useAtom` from `jotai`
// would each carry a copy of the store and Provider.
export * from "jotai";
export * from "jotai/utils";
