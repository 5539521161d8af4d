; Inkdoku's Windows installer: per user, stock NSIS 3 plugins only (nsExec, System), nothing
; fetched at build time. The one installer definition: scripts/build-windows-installer.sh builds
; it here from the GNU build (with WebView2Loader.dll), the Windows CI workflow from the MSVC
; build (loader linked in). Tauri's own NSIS bundler is not used: it downloads a plugin at build time.
;
; makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DEXE=path\inkdoku-app.exe [-DLOADER=path\WebView2Loader.dll]
;          -DICON=icons\icon.ico -DOUTFILE=Inkdoku_0.1.0_x64-setup.exe installer/inkdoku.nsi
;
; Exit codes (also in silent mode, /S): 0 installed; 1 cancelled by the player; 2 aborted by
; an error; 3 no WebView2 Runtime and it could not be fetched (or the player declined);
; 4 Inkdoku kept running; 5 not 64-bit Windows. On 3-5 the sentence the player saw is also
; written to %TEMP%\Inkdoku-setup-error.txt (UTF-16), for support and for the checks under Wine.
; The uninstaller keeps the player's data (%APPDATA%\app.inkdoku.desktop and WebView2's
; %LOCALAPPDATA%\app.inkdoku.desktop) unless asked: a question, or /DELETEDATA when silent.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION
  !error "pass -DVERSION=x.y.z (tauri.conf.json's version)"
!endif
!ifndef EXE
  !error "pass -DEXE=path of inkdoku-app.exe"
!endif
!ifndef OUTFILE
  !define OUTFILE "Inkdoku_${VERSION}_x64-setup.exe"
!endif

!define PRODUCT "Inkdoku"
!define PUBLISHER "Inkdoku"
!define IDENTIFIER "app.inkdoku.desktop"
!define MAINEXE "inkdoku-app.exe"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${PRODUCT}"
; The inkdoku:// link scheme, for this user.
!define LINKKEY "Software\Classes\inkdoku"
; The Evergreen WebView2 Runtime's client id (per machine under HKLM, per user under HKCU).
!define WV2KEY "Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}"
; Microsoft's Evergreen bootstrapper (about 2 MB), fetched only when the runtime is missing.
!define WV2URL "https://go.microsoft.com/fwlink/p/?LinkId=2124703"

Name "${PRODUCT}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\${PRODUCT}"
InstallDirRegKey HKCU "${UNINSTKEY}" "InstallLocation"
BrandingText "${PRODUCT} ${VERSION}"

; VIProductVersion wants four numbers.
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "FileDescription" "${PRODUCT} installer"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "${PUBLISHER}"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "x64.nsh"

!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${MAINEXE}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; No language dialog: NSIS takes the system's UI language when it is one of these, else English.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

LangString SecApp ${LANG_ENGLISH} "Inkdoku"
LangString SecApp ${LANG_SIMPCHINESE} "Inkdoku"
LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_SIMPCHINESE} "桌面快捷方式"
LangString Not64 ${LANG_ENGLISH} "Inkdoku needs 64-bit Windows."
LangString Not64 ${LANG_SIMPCHINESE} "Inkdoku 需要 64 位 Windows。"
LangString Wv2Ask ${LANG_ENGLISH} "Inkdoku needs the Microsoft Edge WebView2 Runtime, which is not on this PC. Download it from Microsoft and install it now?"
LangString Wv2Ask ${LANG_SIMPCHINESE} "Inkdoku 需要 Microsoft Edge WebView2 运行时，但这台电脑上没有。现在从 Microsoft 下载并安装吗？"
LangString Wv2Declined ${LANG_ENGLISH} "Inkdoku was not installed: it needs the Microsoft Edge WebView2 Runtime. Install it from Microsoft, then run this installer again."
LangString Wv2Declined ${LANG_SIMPCHINESE} "Inkdoku 没有安装：它需要 Microsoft Edge WebView2 运行时。请先从 Microsoft 安装它，然后再次运行本安装程序。"
LangString Wv2Offline ${LANG_ENGLISH} "The WebView2 Runtime could not be downloaded (is this PC offline?), so Inkdoku was not installed. Connect to the internet and run this installer again, or install the WebView2 Runtime from Microsoft first."
LangString Wv2Offline ${LANG_SIMPCHINESE} "无法下载 WebView2 运行时（这台电脑没有联网？），所以 Inkdoku 没有安装。请联网后再次运行本安装程序，或先从 Microsoft 安装 WebView2 运行时。"
LangString Running ${LANG_ENGLISH} "Inkdoku is running. Close it now? Your game is saved first."
LangString Running ${LANG_SIMPCHINESE} "Inkdoku 正在运行。现在关闭它吗？你的游戏会先保存。"
LangString StillRunning ${LANG_ENGLISH} "Inkdoku is still running, so it was not updated. Close it, then run this installer again."
LangString StillRunning ${LANG_SIMPCHINESE} "Inkdoku 仍在运行，所以没有更新。请关闭它，然后再次运行本安装程序。"
LangString UnDeleteData ${LANG_ENGLISH} "Also delete your saved games, settings and handwriting profile? Choose No to keep them for a later install."
LangString UnDeleteData ${LANG_SIMPCHINESE} "同时删除你的存档、设置和笔迹资料吗？选“否”可保留它们，以后重新安装时继续使用。"

Var ErrFile

; Tells the player `text`, keeps it in %TEMP%\Inkdoku-setup-error.txt and ends with `code`.
!macro FailWith code text
  MessageBox MB_OK|MB_ICONSTOP "${text}" /SD IDOK
  StrCpy $ErrFile "$TEMP\Inkdoku-setup-error.txt"
  FileOpen $0 $ErrFile w
  FileWriteUTF16LE /BOM $0 "${text}"
  FileClose $0
  SetErrorLevel ${code}
  Quit
!macroend

; $0 = the runtime's version, or "" when no WebView2 Runtime is registered.
Function FindWebView2
  SetRegView 64
  ReadRegStr $0 HKLM "SOFTWARE\${WV2KEY}" "pv"
  SetRegView 32
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    ReadRegStr $0 HKLM "SOFTWARE\${WV2KEY}" "pv"
  ${EndIf}
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    ReadRegStr $0 HKCU "Software\${WV2KEY}" "pv"
  ${EndIf}
  ${If} $0 == "0.0.0.0"
    StrCpy $0 ""
  ${EndIf}
FunctionEnd

; Missing runtime: offer Microsoft's bootstrapper, fetched now with Windows' own PowerShell
; (stock NSIS can't fetch https), run silently, then look again.
Function EnsureWebView2
  Call FindWebView2
  ${If} $0 != ""
    Return
  ${EndIf}
  MessageBox MB_YESNO|MB_ICONQUESTION "$(Wv2Ask)" /SD IDYES IDYES fetch
  !insertmacro FailWith 3 "$(Wv2Declined)"
  fetch:
  StrCpy $1 "$TEMP\MicrosoftEdgeWebview2Setup.exe"
  Delete $1
  nsExec::ExecToLog 'powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$ProgressPreference=''SilentlyContinue''; Invoke-WebRequest -UseBasicParsing -Uri ''${WV2URL}'' -OutFile ''$1''"'
  Pop $2
  ${IfNot} ${FileExists} $1
    !insertmacro FailWith 3 "$(Wv2Offline)"
  ${EndIf}
  ExecWait '"$1" /silent /install' $2
  Delete $1
  Call FindWebView2
  ${If} $0 == ""
    !insertmacro FailWith 3 "$(Wv2Offline)"
  ${EndIf}
FunctionEnd

; A running copy locks its exe: ask it to close (taskkill without /F sends WM_CLOSE, and the app
; saves on close), wait up to 10 s, else refuse.
Function CloseRunningCopy
  ${IfNot} ${FileExists} "$INSTDIR\${MAINEXE}"
    Return
  ${EndIf}
  ClearErrors
  FileOpen $0 "$INSTDIR\${MAINEXE}" a
  ${IfNot} ${Errors}
    FileClose $0
    Return
  ${EndIf}
  MessageBox MB_YESNO|MB_ICONQUESTION "$(Running)" /SD IDYES IDYES close
  !insertmacro FailWith 4 "$(StillRunning)"
  close:
  nsExec::Exec 'taskkill.exe /IM ${MAINEXE}'
  Pop $1
  StrCpy $2 0
  ${Do}
    Sleep 500
    IntOp $2 $2 + 1
    ClearErrors
    FileOpen $0 "$INSTDIR\${MAINEXE}" a
    ${IfNot} ${Errors}
      FileClose $0
      Return
    ${EndIf}
  ${LoopUntil} $2 >= 20
  !insertmacro FailWith 4 "$(StillRunning)"
FunctionEnd

Function .onInit
  ${IfNot} ${RunningX64}
    !insertmacro FailWith 5 "$(Not64)"
  ${EndIf}
FunctionEnd

Section "!$(SecApp)" SecApp
  SectionIn RO
  Call EnsureWebView2
  Call CloseRunningCopy
  ; An upgrade writes over the old files in place; the player's data is elsewhere and untouched.
  SetOutPath "$INSTDIR"
  File "/oname=${MAINEXE}" "${EXE}"
!ifdef LOADER
  File "/oname=WebView2Loader.dll" "${LOADER}"
!endif
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\${MAINEXE}"

  WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTKEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" "$\"$INSTDIR\${MAINEXE}$\",0"
  WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" "$\"$INSTDIR\uninstall.exe$\""
  WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" "$\"$INSTDIR\uninstall.exe$\" /S"
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTKEY}" "EstimatedSize" "$0"

  ; inkdoku://play/<code> links open Inkdoku (for this user, as it is installed): the link is
  ; the exe's one argument, which tauri-plugin-deep-link reads (or hands to the running copy).
  WriteRegStr HKCU "${LINKKEY}" "" "URL:Inkdoku puzzle link"
  WriteRegStr HKCU "${LINKKEY}" "URL Protocol" ""
  WriteRegStr HKCU "${LINKKEY}\DefaultIcon" "" "$\"$INSTDIR\${MAINEXE}$\",0"
  WriteRegStr HKCU "${LINKKEY}\shell\open\command" "" "$\"$INSTDIR\${MAINEXE}$\" $\"%1$\""
SectionEnd

Section /o "$(SecDesktop)" SecDesktop
  CreateShortcut "$DESKTOP\${PRODUCT}.lnk" "$INSTDIR\${MAINEXE}"
SectionEnd

Section "Uninstall"
  ; A running copy would keep its exe: close it first, as the installer does.
  ClearErrors
  FileOpen $0 "$INSTDIR\${MAINEXE}" a
  ${If} ${Errors}
    nsExec::Exec 'taskkill.exe /IM ${MAINEXE}'
    Pop $1
    Sleep 2000
  ${Else}
    FileClose $0
  ${EndIf}
  Delete "$INSTDIR\${MAINEXE}"
  Delete "$INSTDIR\WebView2Loader.dll"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"
  Delete "$DESKTOP\${PRODUCT}.lnk"
  DeleteRegKey HKCU "${UNINSTKEY}"
  DeleteRegKey HKCU "${LINKKEY}"

  ; The player's games, settings and handwriting stay unless asked (/DELETEDATA when silent).
  ${GetParameters} $1
  ClearErrors
  ${GetOptions} $1 "/DELETEDATA" $2
  ${If} ${Errors}
    MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 "$(UnDeleteData)" /SD IDNO IDYES delete
    Goto done
  ${EndIf}
  delete:
  RMDir /r "$APPDATA\${IDENTIFIER}"
  RMDir /r "$LOCALAPPDATA\${IDENTIFIER}"
  done:
SectionEnd
