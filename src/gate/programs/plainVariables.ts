/**
 * Variables that hold folders, search paths or the user's name and never a secret: the shell
 * keeps the first ones itself, the others are lists of folders. Any other variable may hold a
 * token (`echo "$GH_TOKEN"` prints it). Read by the allow matcher's `"$PWD"` shape and by
 * `printenv NAME` (its value is no secret only for these names).
 */
export const PLAIN_VARIABLES: ReadonlySet<string> = new Set(['PWD', 'OLDPWD', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'PATH', 'LD_LIBRARY_PATH', 'MANPATH', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'TMPDIR']);
