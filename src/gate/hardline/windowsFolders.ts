/**
 * The Windows environment's folders, by the names cmd (`%USERPROFILE%`), PowerShell
 * (`$env:SystemRoot`) and .NET (`[Environment]::GetFolderPath('Windows')`) give them: a leaf of the
 * floor's one home of paths (paths.ts judges the paths these name), kept apart so that the
 * program table's cmd reader (programs/cmdLine.ts) can use it without importing the floor.
 */

/**
 * The Windows environment's folders at their worst (D§5: a value known only at run time is taken
 * at its worst for what it names): the profile is a real user's (`%USERNAME%` stands for the name,
 * which the gate cannot know), the system drive is `C:`. Keyed by the variable's name in lower
 * case (cmd's `%SystemRoot%`, PowerShell's `$env:SystemRoot`; Windows compares names without case).
 * `%TEMP%` is here so that it is read as the ordinary folder it is.
 */
export const WINDOWS_PROFILE = 'C:\\Users\\%USERNAME%';
const WINDOWS_FOLDERS: Readonly<Record<string, string>> = {
  userprofile: WINDOWS_PROFILE,
  homedrive: 'C:',
  homepath: '\\Users\\%USERNAME%',
  systemdrive: 'C:',
  systemroot: 'C:\\Windows',
  windir: 'C:\\Windows',
  programfiles: 'C:\\Program Files',
  'programfiles(x86)': 'C:\\Program Files (x86)',
  programw6432: 'C:\\Program Files',
  programdata: 'C:\\ProgramData',
  allusersprofile: 'C:\\ProgramData',
  public: 'C:\\Users\\Public',
  appdata: `${WINDOWS_PROFILE}\\AppData\\Roaming`,
  localappdata: `${WINDOWS_PROFILE}\\AppData\\Local`,
  onedrive: `${WINDOWS_PROFILE}\\OneDrive`,
  temp: `${WINDOWS_PROFILE}\\AppData\\Local\\Temp`,
  tmp: `${WINDOWS_PROFILE}\\AppData\\Local\\Temp`,
};

/**
 * .NET's special folders (`[Environment]::GetFolderPath('UserProfile')`,
 * `[Environment+SpecialFolder]::Windows`) by their enum names in lower case, at their worst as above.
 */
const WINDOWS_SPECIAL_FOLDERS: Readonly<Record<string, string>> = {
  userprofile: WINDOWS_PROFILE,
  windows: 'C:\\Windows',
  system: 'C:\\Windows\\System32',
  systemx86: 'C:\\Windows\\SysWOW64',
  programfiles: 'C:\\Program Files',
  programfilesx86: 'C:\\Program Files (x86)',
  commonapplicationdata: 'C:\\ProgramData',
  applicationdata: `${WINDOWS_PROFILE}\\AppData\\Roaming`,
  localapplicationdata: `${WINDOWS_PROFILE}\\AppData\\Local`,
  mydocuments: `${WINDOWS_PROFILE}\\Documents`,
  personal: `${WINDOWS_PROFILE}\\Documents`,
  desktop: `${WINDOWS_PROFILE}\\Desktop`,
  desktopdirectory: `${WINDOWS_PROFILE}\\Desktop`,
  mypictures: `${WINDOWS_PROFILE}\\Pictures`,
  mymusic: `${WINDOWS_PROFILE}\\Music`,
  myvideos: `${WINDOWS_PROFILE}\\Videos`,
};

/** The folder a Windows environment variable names (`USERPROFILE`, `SystemRoot`), at its worst; null when not a folder of the profile. */
export function windowsVariableFolder(name: string): string | null {
  const key = name.toLowerCase();
  return Object.prototype.hasOwnProperty.call(WINDOWS_FOLDERS, key) ? WINDOWS_FOLDERS[key]! : null;
}

/** The folder a .NET special folder names (`UserProfile`, `Windows`, `MyDocuments`), at its worst; null when not known. */
export function windowsSpecialFolder(name: string): string | null {
  const key = name.toLowerCase();
  return Object.prototype.hasOwnProperty.call(WINDOWS_SPECIAL_FOLDERS, key) ? WINDOWS_SPECIAL_FOLDERS[key]! : null;
}
