// The Windows desktop helper: one PowerShell process, started once, that compiles this C# once (1–3 s)
// and then answers one request per stdin line with one JSON line on stdout — instead of a new
// PowerShell and a new compile for every focus read and every key (1–3 s per trigger).
//
// Protocol (ours): the helper prints {"ready":true} once compiled. Then each request line is
// `<id> <command> [<argument>]` and each answer one line `{"id":<id>,"ok":true,...}` or
// `{"id":<id>,"ok":false,"code":"...","error":"..."}`:
//   focus              → hwnd (string, "0": none), pid, app (process name, no .exe), title, elevated
//   keys <chord>       → sends the chord (`ctrl+v`, `shift+insert`, `right`…) with SendInput by virtual
//                        key (any keyboard layout); refused with code "elevated" when the foreground window
//                        belongs to a process of higher integrity (an administrator window), where
//                        Windows (UIPI) drops the keys without telling anyone
//   ping               → ok
// `elevated`: the foreground process's integrity level is above ours, or unreadable while we are not
// elevated ourselves (reading an administrator process's token is denied to a normal one).

/** The helper's C# (exported for the compile check in helper-client.test.ts). */
export const HELPER_CSHARP = String.raw`
using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;

public static class SkilldeckDesk {
  [DllImport("user32.dll")] static extern IntPtr GetForegroundWindow();
  [DllImport("user32.dll")] static extern uint GetWindowThreadProcessId(IntPtr hWnd, out uint pid);
  [DllImport("user32.dll", CharSet = CharSet.Unicode)] static extern int GetWindowText(IntPtr hWnd, StringBuilder text, int max);
  [DllImport("user32.dll", SetLastError = true)] static extern uint SendInput(uint count, INPUT[] inputs, int size);
  [DllImport("kernel32.dll", SetLastError = true)] static extern IntPtr OpenProcess(uint access, bool inherit, uint pid);
  [DllImport("kernel32.dll")] static extern IntPtr GetCurrentProcess();
  [DllImport("kernel32.dll")] static extern bool CloseHandle(IntPtr handle);
  [DllImport("advapi32.dll", SetLastError = true)] static extern bool OpenProcessToken(IntPtr process, uint access, out IntPtr token);
  [DllImport("advapi32.dll", SetLastError = true)] static extern bool GetTokenInformation(IntPtr token, int infoClass, IntPtr info, int length, out int returned);
  [DllImport("advapi32.dll")] static extern IntPtr GetSidSubAuthority(IntPtr sid, uint index);
  [DllImport("advapi32.dll")] static extern IntPtr GetSidSubAuthorityCount(IntPtr sid);

  const uint PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
  const uint TOKEN_QUERY = 0x0008;
  const int TOKEN_INTEGRITY_LEVEL = 25;
  const int HIGH_INTEGRITY = 0x3000;
  const uint INPUT_KEYBOARD = 1;
  const uint KEYEVENTF_EXTENDEDKEY = 0x0001;
  const uint KEYEVENTF_KEYUP = 0x0002;

  [StructLayout(LayoutKind.Sequential)]
  struct MOUSEINPUT { public int dx; public int dy; public uint mouseData; public uint dwFlags; public uint time; public IntPtr dwExtraInfo; }
  [StructLayout(LayoutKind.Sequential)]
  struct KEYBDINPUT { public ushort wVk; public ushort wScan; public uint dwFlags; public uint time; public IntPtr dwExtraInfo; }
  [StructLayout(LayoutKind.Explicit)]
  struct INPUTUNION { [FieldOffset(0)] public MOUSEINPUT mi; [FieldOffset(0)] public KEYBDINPUT ki; }
  [StructLayout(LayoutKind.Sequential)]
  struct INPUT { public uint type; public INPUTUNION u; }

  static int IntegrityOf(IntPtr process) {
    IntPtr token;
    if (!OpenProcessToken(process, TOKEN_QUERY, out token)) return -1;
    try {
      int size;
      GetTokenInformation(token, TOKEN_INTEGRITY_LEVEL, IntPtr.Zero, 0, out size);
      if (size <= 0) return -1;
      IntPtr info = Marshal.AllocHGlobal(size);
      try {
        if (!GetTokenInformation(token, TOKEN_INTEGRITY_LEVEL, info, size, out size)) return -1;
        IntPtr sid = Marshal.ReadIntPtr(info);
        int count = Marshal.ReadByte(GetSidSubAuthorityCount(sid));
        return Marshal.ReadInt32(GetSidSubAuthority(sid, (uint)(count - 1)));
      } finally { Marshal.FreeHGlobal(info); }
    } finally { CloseHandle(token); }
  }

  static readonly int Self = IntegrityOf(GetCurrentProcess());

  static bool Elevated(uint pid) {
    IntPtr process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, false, pid);
    int level = -1;
    if (process != IntPtr.Zero) {
      try { level = IntegrityOf(process); } finally { CloseHandle(process); }
    }
    if (level < 0) return Self >= 0 && Self < HIGH_INTEGRITY;
    return level > Self;
  }

  static string Json(string text) {
    StringBuilder b = new StringBuilder("\"");
    foreach (char c in text) {
      if (c == '"') b.Append("\\\"");
      else if (c == '\\') b.Append("\\\\");
      else if (c < 0x20) b.AppendFormat("\\u{0:x4}", (int)c);
      else b.Append(c);
    }
    return b.Append('"').ToString();
  }

  static string Fail(string id, string code, string error) {
    return "{\"id\":" + id + ",\"ok\":false,\"code\":" + Json(code) + ",\"error\":" + Json(error) + "}";
  }

  static string Focus(string id) {
    IntPtr hwnd = GetForegroundWindow();
    if (hwnd == IntPtr.Zero) return "{\"id\":" + id + ",\"ok\":true,\"hwnd\":\"0\"}";
    uint pid;
    GetWindowThreadProcessId(hwnd, out pid);
    string app = "";
    try { app = Process.GetProcessById((int)pid).ProcessName; } catch (Exception) { }
    StringBuilder title = new StringBuilder(512);
    GetWindowText(hwnd, title, title.Capacity);
    return "{\"id\":" + id + ",\"ok\":true,\"hwnd\":" + Json(hwnd.ToInt64().ToString()) + ",\"pid\":" + pid +
      ",\"app\":" + Json(app) + ",\"title\":" + Json(title.ToString()) + ",\"elevated\":" +
      (Elevated(pid) ? "true" : "false") + "}";
  }

  static ushort VirtualKey(string name) {
    switch (name) {
      case "ctrl": return 0x11;
      case "shift": return 0x10;
      case "alt": return 0x12;
      case "insert": return 0x2D;
      case "right": return 0x27;
      case "left": return 0x25;
      case "enter": return 0x0D;
      default:
        if (name.Length == 1 && name[0] >= 'a' && name[0] <= 'z') return (ushort)(name[0] - 'a' + 0x41);
        return 0;
    }
  }

  static INPUT Key(ushort vk, bool up) {
    INPUT input = new INPUT();
    input.type = INPUT_KEYBOARD;
    input.u.ki.wVk = vk;
    uint flags = up ? KEYEVENTF_KEYUP : 0;
    if (vk == 0x2D || vk == 0x27 || vk == 0x25) flags |= KEYEVENTF_EXTENDEDKEY;
    input.u.ki.dwFlags = flags;
    return input;
  }

  static string Keys(string id, string chord) {
    string[] names = chord.Split('+');
    ushort[] keys = new ushort[names.Length];
    for (int i = 0; i < names.Length; i++) {
      keys[i] = VirtualKey(names[i]);
      if (keys[i] == 0) return Fail(id, "bad-request", "unknown key " + names[i]);
    }
    IntPtr hwnd = GetForegroundWindow();
    uint pid;
    GetWindowThreadProcessId(hwnd, out pid);
    if (hwnd != IntPtr.Zero && Elevated(pid))
      return Fail(id, "elevated", "the window in front runs as administrator");
    INPUT[] inputs = new INPUT[keys.Length * 2];
    for (int i = 0; i < keys.Length; i++) {
      inputs[i] = Key(keys[i], false);
      inputs[inputs.Length - 1 - i] = Key(keys[i], true);
    }
    uint sent = SendInput((uint)inputs.Length, inputs, Marshal.SizeOf(typeof(INPUT)));
    if (sent != inputs.Length)
      return Fail(id, "blocked", "SendInput sent " + sent + " of " + inputs.Length + " key events (error " + Marshal.GetLastWin32Error() + ")");
    return "{\"id\":" + id + ",\"ok\":true}";
  }

  public static string Handle(string line) {
    string[] parts = line.Trim().Split(' ');
    string id = parts[0];
    long number;
    if (!long.TryParse(id, out number)) return Fail("0", "bad-request", "a request starts with its number");
    string command = parts.Length > 1 ? parts[1] : "";
    try {
      if (command == "focus") return Focus(id);
      if (command == "keys" && parts.Length > 2) return Keys(id, parts[2]);
      if (command == "ping") return "{\"id\":" + id + ",\"ok\":true}";
      return Fail(id, "bad-request", "unknown command " + command);
    } catch (Exception error) {
      return Fail(id, "failed", error.GetType().Name + ": " + error.Message);
    }
  }

  public static void Serve() {
    Console.Out.WriteLine("{\"ready\":true}");
    Console.Out.Flush();
    string line;
    while ((line = Console.In.ReadLine()) != null) {
      if (line.Trim().Length == 0) continue;
      Console.Out.WriteLine(Handle(line));
      Console.Out.Flush();
    }
  }
}
`;

/** The PowerShell program: compile once, switch the console to UTF-8 both ways, serve until stdin ends. */
export const WINDOWS_HELPER_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  '[Console]::InputEncoding = New-Object System.Text.UTF8Encoding $false',
  '[Console]::OutputEncoding = New-Object System.Text.UTF8Encoding $false',
  `Add-Type -IgnoreWarnings -TypeDefinition @'${HELPER_CSHARP}'@`,
  '[SkilldeckDesk]::Serve()',
].join('\n');

/** powershell.exe's arguments: the script as -EncodedCommand (UTF-16LE base64: no quoting to get wrong). */
export function windowsHelperArgs(): string[] {
  return [
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
    Buffer.from(WINDOWS_HELPER_SCRIPT, 'utf16le').toString('base64'),
  ];
}
