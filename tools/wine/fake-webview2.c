/* A WebView2 runtime that can't start, for scripts/check-windows-installer.sh under Wine (#45):
 * the EmbeddedBrowserWebView.dll that WebView2's loader finds through the runtime's registry
 * entry and asks for an environment. By INKDOKU_FAKE_WEBVIEW2:
 *   unset or "hang": accepts and never answers (the start-up that never completes,
 *                    WebView2Feedback #2506, #5706);
 *   0x8007139F etc.: fails with that HRESULT (the errors that do come back).
 * Only for tests under Wine; never shipped. Build:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o EmbeddedBrowserWebView.dll fake-webview2.c */
#include <windows.h>
#include <stdlib.h>

__declspec(dllexport) HRESULT WINAPI CreateWebViewEnvironmentWithOptionsInternal(
    BOOL checkRunningInstance, int runtimeType, LPCWSTR userDataFolder, IUnknown *options, IUnknown *completed) {
    (void)checkRunningInstance; (void)runtimeType; (void)userDataFolder; (void)options; (void)completed;
    char mode[32];
    DWORD n = GetEnvironmentVariableA("INKDOKU_FAKE_WEBVIEW2", mode, sizeof mode);
    if (n > 2 && n < sizeof mode && mode[0] == '0' && (mode[1] == 'x' || mode[1] == 'X'))
        return (HRESULT)strtoul(mode + 2, NULL, 16);
    return S_OK; /* and the completion handler is never called */
}

__declspec(dllexport) HRESULT WINAPI DllCanUnloadNow(void) { return S_FALSE; }
