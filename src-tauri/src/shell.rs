//! The Tauri side: window, plugins, logging, and one invoke handler that hands every call to
//! [`crate::commands::dispatch`] on a worker thread, so slow commands never block the window.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tauri::ipc::{Invoke, InvokeBody};
use tauri::{AppHandle, Manager, RunEvent, WindowEvent, Wry};
use tauri_plugin_dialog::DialogExt;
use tauri_plugin_store::{Store, StoreExt};

use crate::commands::files::{FileKind, FilePicker};
use crate::commands::settings::{Cache, FileStore, MapCache, SettingsStore};
use crate::commands::{self, AppState, CommandError, ErrorBody, Pause, COMMANDS};
use crate::watchdog::{self, Failure, SecondLaunch, Step, Watch};
use crate::words::{self, ViewTrouble};

use crate::commands::settings::SETTINGS_FILE;

fn handle_invoke(invoke: Invoke) -> bool {
    let command = invoke.message.command().to_string();
    if !COMMANDS.contains(&command.as_str()) {
        return false;
    }
    let args = match invoke.message.payload() {
        InvokeBody::Json(v) => v.clone(),
        InvokeBody::Raw(_) => serde_json::Value::Null,
    };
    let Some(state) = invoke.message.webview().try_state::<Arc<AppState>>().map(|s| s.inner().clone()) else {
        // Only possible if the page calls before set-up finished.
        invoke.resolver.reject(ErrorBody::from(&CommandError::Internal("Inkdoku is still starting".into())));
        return true;
    };
    let resolver = invoke.resolver;
    let app = invoke.message.webview().app_handle().clone();
    tauri::async_runtime::spawn_blocking(move || {
        // A bug must cost one command, not the app: the panic hook has logged it already.
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| commands::dispatch(&state, &command, args)))
            .unwrap_or_else(|_| Err(CommandError::Internal("an unexpected error; it was written to the log".into())));
        match result {
            // "Quit": the game is saved (by the command); the app closes as on the window's X.
            Ok(value) if command == "quit" => {
                resolver.resolve(value);
                app.exit(0);
            }
            // A restore is committed: the app starts again, which finishes it before reading
            // anything (`inkdoku::backup::finish`); the game in play is saved on the way out
            // and then replaced.
            Ok(value) if command == "restore_backup" => {
                resolver.resolve(value);
                app.restart();
            }
            Ok(value) if command == "view_ready" => {
                resolver.resolve(value);
                // Too late (the watchdog gave up and the app is exiting): the window stays as it is.
                if app.try_state::<Arc<Watch>>().is_none_or(|w| w.with(|s| s.ready())) {
                    show_main_window(&app);
                }
            }
            Ok(value) => resolver.resolve(value),
            Err(e) => {
                if e.kind() == "internal" {
                    tracing::error!(command, error = %e, "command failed");
                }
                resolver.reject(ErrorBody::from(&e))
            }
        }
    });
    true
}

/// Brings the main window to the front (used when a second instance is launched).
fn focus_main_window(app: &tauri::AppHandle) {
    if let Some(w) = app.get_webview_window("main") {
        let _ = w.show();
        let _ = w.unminimize();
        let _ = w.set_focus();
    }
}

/// tauri-plugin-store's `Store` as the settings' [`Cache`]: what it holds in memory. It never
/// writes the file (its save is a plain truncate-and-write): [`open_settings`] builds it without
/// autosave and takes it out of the plugin's save-everything-at-exit; `FileStore` writes.
struct PluginCache(Arc<Store<Wry>>);

impl Cache for PluginCache {
    fn get(&self, key: &str) -> Option<serde_json::Value> {
        self.0.get(key)
    }
    fn set(&self, key: &str, value: serde_json::Value) {
        self.0.set(key, value);
    }
    fn entries(&self) -> Vec<(String, serde_json::Value)> {
        self.0.entries()
    }
}

/// Native file dialogs (commands run on worker threads, where blocking dialogs are allowed).
struct DialogPicker(AppHandle);

impl DialogPicker {
    /// The filters' language: the player's setting, else the system's.
    fn lang(&self) -> crate::words::Lang {
        crate::platform::player_lang(&self.0)
    }
}

/// Debug builds only (the E2E tests; never in a release): a file named by
/// INKDOKU_TEST_PICK_FILE holds the path "picked" (empty: cancelled), as the native dialogs
/// can't be driven by WebDriver. `None`: ask the player.
fn test_pick() -> Result<Option<Option<PathBuf>>, String> {
    #[cfg(debug_assertions)]
    if let Some(answer) = std::env::var_os("INKDOKU_TEST_PICK_FILE") {
        let path = std::fs::read_to_string(answer).map_err(|e| e.to_string())?;
        return Ok(Some((!path.trim().is_empty()).then(|| PathBuf::from(path.trim()))));
    }
    Ok(None)
}

impl FilePicker for DialogPicker {
    fn pick_save(&self, suggested_name: &str, kind: FileKind) -> Result<Option<PathBuf>, String> {
        use crate::words::{filter_name as name, filter_named, Filter};
        if let Some(answer) = test_pick()? {
            return Ok(answer);
        }
        let lang = self.lang();
        // What is saved says the filters: a game, or a puzzle of a game's entry (one filter a
        // format, the player's choice; the chosen name's extension decides the format).
        let mut dialog = self.0.dialog().file().set_file_name(suggested_name);
        match kind {
            FileKind::Entry(game) => {
                for f in game.entry().map_or(&[][..], |e| e.formats) {
                    dialog = dialog.add_filter(filter_named(f.filter, lang), f.extensions);
                }
            }
            FileKind::Backup => dialog = dialog.add_filter(name(Filter::Backup, lang), &[inkdoku::backup::EXTENSION]),
            _ => dialog = dialog.add_filter(name(Filter::Game, lang), &[inkdoku::save::EXTENSION]),
        }
        let picked = dialog.blocking_save_file();
        picked.map(|p| p.into_path().map_err(|e| e.to_string())).transpose()
    }

    fn pick_open(&self, kind: FileKind) -> Result<Option<PathBuf>, String> {
        use crate::words::{filter_name as name, Filter};
        if let Some(answer) = test_pick()? {
            return Ok(answer);
        }
        let lang = self.lang();
        let dialog = self.0.dialog().file();
        let dialog = match kind {
            FileKind::Game => dialog.add_filter(name(Filter::Game, lang), &[inkdoku::save::EXTENSION]),
            FileKind::PuzzleText => dialog.add_filter(name(Filter::PuzzleText, lang), &["txt", "sdk", "sudoku"]),
            FileKind::Backup => dialog.add_filter(name(Filter::Backup, lang), &[inkdoku::backup::EXTENSION]),
            FileKind::Entry(game) => {
                // One filter for every format the game's entry reads.
                let entry = game.entry();
                let extensions: Vec<&str> = entry.map_or(&[][..], |e| e.formats).iter().flat_map(|f| f.extensions.iter().copied()).collect();
                dialog.add_filter(crate::words::filter_named(entry.map_or("puzzle_text", |e| e.any_filter), lang), &extensions)
            }
            FileKind::Picture => dialog.add_filter(name(Filter::Picture, lang), &["png", "jpg", "jpeg"]),
        };
        let picked = dialog.blocking_pick_file();
        picked.map(|p| p.into_path().map_err(|e| e.to_string())).transpose()
    }
}

/// Opens the settings: `settings.json` read and written by `FileStore` (like the saves: a
/// damaged or unreadable file set aside and its copy restored), held in the plugin's store.
fn open_settings(app: &tauri::App, data_dir: &Path) -> Box<dyn SettingsStore> {
    let path = data_dir.join(SETTINGS_FILE);
    // `create_new`: the plugin does not read the file either (FileStore does, with recovery).
    match app.store_builder(SETTINGS_FILE).disable_auto_save().create_new().build() {
        Ok(store) => {
            store.close_resource();
            Box::new(FileStore::open(path, PluginCache(store), inkdoku::save::now_ms()))
        }
        Err(e) => {
            tracing::error!(error = %e, "settings store unavailable; settings kept in a plain map");
            Box::new(FileStore::open(path, MapCache::default(), inkdoku::save::now_ms()))
        }
    }
}

fn unix_ms() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0)
}

/// The log file's writer thread: dropped (which writes out what is queued) by [`exit_now`].
static LOG_GUARD: Mutex<Option<tracing_appender::non_blocking::WorkerGuard>> = Mutex::new(None);

/// Exits now, from any thread (also while the UI thread is stuck), the log written out first.
fn exit_now(code: i32) -> ! {
    drop(LOG_GUARD.lock().unwrap_or_else(|p| p.into_inner()).take());
    crate::platform::end_process(code)
}

/// Logs to a daily-rotated file in the app's log folder (7 files kept) and to stderr; panics are
/// logged with their location before the default hook runs.
fn init_logging(log_dir: &Path) -> Option<tracing_appender::non_blocking::WorkerGuard> {
    use tracing_subscriber::prelude::*;
    let file = tracing_appender::rolling::Builder::new()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix("inkdoku")
        .filename_suffix("log")
        .max_log_files(7)
        .build(log_dir)
        .ok();
    let (writer, guard) = match file {
        Some(f) => {
            // The default queue holds 128,000 lines, allocated and touched at start: 4 MB of
            // the app's memory for a log that writes a few lines a session. A full queue drops
            // lines (lossy, the default) rather than block the thread that logs.
            let (w, g) = tracing_appender::non_blocking::NonBlockingBuilder::default().buffered_lines_limit(1024).finish(f);
            (Some(w), Some(g))
        }
        None => (None, None),
    };
    let file_layer = writer.map(|w| tracing_subscriber::fmt::layer().with_ansi(false).with_writer(w));
    let _ = tracing_subscriber::registry()
        .with(log_filter(std::env::var("RUST_LOG").ok().as_deref()))
        .with(file_layer)
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .try_init();
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let backtrace = std::backtrace::Backtrace::force_capture();
        tracing::error!(panic = %info, %backtrace, "panic");
        default_hook(info);
    }));
    guard
}

/// Which events are logged: our own from `info`, the libraries' (tauri, the D-Bus client of the
/// single-instance plugin...) from `warn`. Without a filter every `debug` and `trace` event of the
/// libraries was written (the D-Bus client's, ~9 KB each time a second launch hands over to the
/// first). `RUST_LOG` (targets and levels, e.g. `inkdoku=debug,zbus=trace`) replaces it when it
/// parses.
fn log_filter(env: Option<&str>) -> tracing_subscriber::filter::Targets {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    env.and_then(|s| s.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(LevelFilter::WARN).with_target("inkdoku", LevelFilter::INFO))
}

/// Saves the game with its clock stopped before the window goes away.
fn save_before_exit(app: &AppHandle) {
    if let Some(state) = app.try_state::<Arc<AppState>>() {
        state.save_before_exit();
    }
}

/// Minimising stops the clock (and saves), whatever the page's visibility says.
fn follow_minimised(app: &AppHandle, label: &str) {
    let (Some(state), Some(window)) = (app.try_state::<Arc<AppState>>(), app.get_webview_window(label)) else { return };
    match window.is_minimized() {
        Ok(true) => state.pause_for(Pause::Minimised),
        Ok(false) => state.resume_for(Pause::Minimised),
        Err(_) => {}
    }
}

/// Everything the app needs before the player sees it. An error here is a sentence for the
/// player (see [`fail_to_start`]).
fn set_up(app: &mut tauri::App, log_dir: Option<PathBuf>) -> Result<(), String> {
    let watch = start_watchdog(app.handle());
    let data_dir: PathBuf = app.path().app_data_dir().map_err(|e| format!("its data folder could not be found ({e})"))?;
    std::fs::create_dir_all(&data_dir).map_err(|e| format!("its data folder {} could not be created ({e})", data_dir.display()))?;
    // Checked now rather than at the first autosave, which would fail quietly during play.
    check_writable(&data_dir).map_err(|e| format!("its data folder {} is not writable ({e})", data_dir.display()))?;
    // The webview's own data goes to the local data folder (%LOCALAPPDATA% on Windows, not the
    // roaming folder above): check it too, before the webview fails there without a word.
    if let Ok(local) = app.path().app_local_data_dir() {
        if local != data_dir {
            std::fs::create_dir_all(&local)
                .and_then(|()| check_writable(&local))
                .map_err(|e| format!("its local data folder {} is not writable ({e})", local.display()))?;
        }
    }
    let log_dir = log_dir.unwrap_or_else(|| data_dir.join("logs"));
    let _ = std::fs::create_dir_all(&log_dir);
    if let Some(guard) = init_logging(&log_dir) {
        // Keeps the log writer alive (and flushing) for the life of the app.
        *LOG_GUARD.lock().unwrap_or_else(|p| p.into_inner()) = Some(guard);
    }
    tracing::info!(data_dir = %data_dir.display(), bound_ms = watch.bound().as_millis() as u64, "Inkdoku starting");
    // A restore committed before the last exit is finished before any file is read.
    crate::commands::backup::finish_restore(&data_dir)?;
    let settings = open_settings(app, &data_dir);
    let picker = Box::new(DialogPicker(app.handle().clone()));
    let state = Arc::new(AppState::new(Some(data_dir), settings, picker));
    let on_power = state.clone();
    let watching = crate::platform::watch_power(Box::new(move |event| on_power.on_power(event)));
    // The view's clock ticks by itself between replies: when the shell stops or restarts it,
    // the page is told at once (it reads the board again).
    let page = app.handle().clone();
    state.on_clock_change(Box::new(move |running| {
        if let Some(w) = page.get_webview_window("main") {
            let _ = w.eval(format!("window.dispatchEvent(new CustomEvent('inkdoku-clock-changed', {{detail: {{running: {running}}}}}))"));
        }
    }));
    tracing::info!(watching, "suspend/resume notifications");
    watch_links(app, &state);
    app.manage(state);
    // The window is made only now ("create": false in tauri.conf.json): the webview keeps its
    // data in the data folder too, and a folder that can't be used must be told as such above,
    // not as a webview that failed to start.
    let config = app.config().app.windows.iter().find(|w| w.label == "main").cloned().ok_or("its window is not configured")?;
    // No white flash at start: the window and the webview are painted in the theme's paper from
    // the first frame, and where the platform asks for it (Windows) the window opens hidden and
    // is shown once the page has painted (`view_ready`), or after a while at the latest.
    let theme = state_theme(app);
    let opened = |e: tauri::Error| format!("its window could not be opened ({e})");
    let builder = tauri::WebviewWindowBuilder::from_config(app.handle(), &config)
        .map_err(opened)?
        .background_color(paper_colour(&theme, false))
        .visible(!crate::platform::SHOW_AFTER_FIRST_PAINT);
    tracing::info!(runtime = %webview_runtime(), "making the window and its webview");
    watch.with(|s| s.step(Step::Webview));
    // An error that comes back (no runtime, 0x8007139F after a forced kill, access denied on the
    // webview's data folder) is told at once with its own advice; one that never comes back is
    // the watchdog's.
    let window = builder.build().unwrap_or_else(|e| view_failed(app.handle(), Failure::Error(e.to_string())));
    watch.with(|s| s.step(Step::Page));
    if theme == "system" && matches!(window.theme(), Ok(tauri::Theme::Dark)) {
        let _ = window.set_background_color(Some(paper_colour(&theme, true)));
    }
    if crate::platform::SHOW_AFTER_FIRST_PAINT {
        let handle = app.handle().clone();
        std::thread::spawn(move || {
            std::thread::sleep(SHOW_AT_THE_LATEST);
            show_main_window(&handle);
        });
    }
    crate::platform::guard_webview(&window);
    crate::platform::window_ready(&window);
    Ok(())
}

/// Starts the watchdog (#45): unless the view says it is ready within the bound, the player is
/// told and the app exits ([`view_failed`]).
fn start_watchdog(app: &AppHandle) -> Arc<Watch> {
    let watch = Arc::new(Watch::new(watchdog::bound(std::env::var(watchdog::BOUND_ENV).ok().as_deref())));
    app.manage(watch.clone());
    let (waiting, app) = (watch.clone(), app.clone());
    std::thread::spawn(move || {
        if let Some((step, waited)) = waiting.wait() {
            view_failed(&app, Failure::NeverReady(step, waited));
        }
    });
    watch
}

/// The webview runtime's version (WebView2's, WebKitGTK's), or why there is none.
fn webview_runtime() -> String {
    tauri::webview_version().unwrap_or_else(|e| format!("none found ({e})"))
}

/// Logs what is known of a view that did not come (the runtime, the step, the error and its
/// HRESULT) and writes it where the box says the details are; returns that file.
fn report_view_failure(app: &AppHandle, failure: &Failure) -> Option<PathBuf> {
    let reason = match failure {
        Failure::NeverReady(step, waited) => format!("the view did not say it was ready within {} ms; waiting on {}", waited.as_millis(), step.name()),
        Failure::Error(e) => format!("making the webview failed: {e}"),
        Failure::Ended(step, waited) => format!("a second launch after {} ms found the view not ready; waiting on {}", waited.as_millis(), step.name()),
    };
    let hresult = match failure {
        Failure::Error(e) => watchdog::hresult_in(e).map(|h| format!("{h:#010X}")),
        _ => None,
    };
    tracing::error!(runtime = %webview_runtime(), hresult, "{reason}");
    write_startup_note(&format!("{reason} (webview runtime: {})", webview_runtime()), app.path().app_log_dir().ok().as_deref())
}

/// The view did not come (#45): what is known is logged, the window shown if it is hidden, the
/// player told in their language what happened and what to do, and the app exits with the
/// failure's code. The saves are not touched: the backend is fine, and the next good start
/// resumes the game in play.
fn view_failed(app: &AppHandle, failure: Failure) -> ! {
    let note = report_view_failure(app, &failure);
    // Fire and forget (a getter would wait for a UI thread that may be the stuck one).
    if let Some(w) = app.get_webview_window("main") {
        let _ = w.show();
    }
    let trouble = match &failure {
        Failure::NeverReady(_, waited) | Failure::Ended(_, waited) => ViewTrouble::Stuck(waited.as_secs()),
        Failure::Error(e) => ViewTrouble::Failed(e),
    };
    let advice = watchdog::advice(&failure, cfg!(windows));
    crate::platform::tell(&words::view_trouble(trouble, advice, note.as_deref(), crate::platform::player_lang(app)));
    exit_now(watchdog::exit_code(&failure))
}

/// A second launch handed over to this instance: its window comes to the front, or, with no
/// view yet, the player is told so and asked whether to end this start (then a new launch
/// starts afresh) or keep waiting. Never silently swallowed. The question has its own thread:
/// the second launch waits for this callback, and the UI thread may be the stuck one.
fn on_second_launch(app: &AppHandle) {
    let Some(watch) = app.try_state::<Arc<Watch>>().map(|w| w.inner().clone()) else { return focus_main_window(app) };
    match watch.with(|s| s.second_launch(Instant::now())) {
        SecondLaunch::Focus => focus_main_window(app),
        SecondLaunch::Nothing => tracing::info!("a second launch while this start is being asked about or given up on"),
        SecondLaunch::AskToEnd(step, waited) => {
            let app = app.clone();
            std::thread::spawn(move || {
                let failure = Failure::Ended(step, waited);
                let note = report_view_failure(&app, &failure);
                if let Some(w) = app.get_webview_window("main") {
                    let _ = w.show();
                }
                let advice = watchdog::advice(&failure, cfg!(windows));
                let text = words::view_trouble(ViewTrouble::StillStarting(waited.as_secs()), advice, note.as_deref(), crate::platform::player_lang(&app));
                // The view may have come while the question was open: then it stays.
                if crate::platform::ask(&text, true) && !watch.with(|s| s.is_ready()) {
                    tracing::warn!(code = watchdog::EXIT_ENDED_BY_PLAYER, "ended at the player's word");
                    exit_now(watchdog::EXIT_ENDED_BY_PLAYER);
                }
                watch.with(|s| s.answered());
            });
        }
    }
}

/// A window that opened hidden is shown after this even if the page never says it painted.
const SHOW_AT_THE_LATEST: std::time::Duration = std::time::Duration::from_secs(3);

fn show_main_window(app: &AppHandle) {
    if let Some(w) = app.get_webview_window("main") {
        if !w.is_visible().unwrap_or(true) {
            let _ = w.show();
            let _ = w.set_focus();
        }
    }
}

fn state_theme(app: &tauri::App) -> String {
    app.try_state::<Arc<AppState>>().map(|s| s.lock().settings.theme.clone()).unwrap_or_else(|| "system".into())
}

/// The paper of a theme (`ui/css/themes.css`' `--paper`), as the window's first colour.
/// `system_dark`: the system's preference, for the "system" theme.
fn paper_colour(theme: &str, system_dark: bool) -> tauri::window::Color {
    let (r, g, b) = match theme {
        "dark" => (0x15, 0x18, 0x1d),
        "high-contrast" => (0, 0, 0),
        "system" if system_dark => (0x15, 0x18, 0x1d),
        _ => (0xfb, 0xf8, 0xef),
    };
    tauri::window::Color(r, g, b, 255)
}

/// Puzzle links (`inkdoku::link`): the one this launch was started with, and each one a later
/// launch hands over (the single-instance plugin passes its arguments to the deep-link
/// plugin), wait in the state for the view, which is told of a new one.
fn watch_links(app: &tauri::App, state: &Arc<AppState>) {
    use tauri_plugin_deep_link::DeepLinkExt;
    if let Ok(Some(urls)) = app.deep_link().get_current() {
        for url in urls {
            state.offer_link(url.as_str());
        }
    }
    let (state, page) = (state.clone(), app.handle().clone());
    app.deep_link().on_open_url(move |event| {
        let mut kept = false;
        for url in event.urls() {
            kept |= state.offer_link(url.as_str());
        }
        if let (true, Some(w)) = (kept, page.get_webview_window("main")) {
            let _ = w.eval("window.dispatchEvent(new CustomEvent('inkdoku-link'))");
        }
    });
}

fn check_writable(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(".write-test");
    std::fs::write(&probe, b"inkdoku")?;
    std::fs::remove_file(&probe)
}

/// Set once the app is up: until then a panic (Tauri panics when a window can't be made) is a
/// failed start and is told to the player like one.
static STARTED: AtomicBool = AtomicBool::new(false);

const STARTUP_NOTE: &str = "startup-error.txt";

/// Tells the player why the app can't start and where to read more, then exits. The reason is
/// written synchronously (the log writer is asynchronous and may not flush before the exit) into
/// the log folder, or the temp folder if that can't be written.
fn fail_to_start(reason: &str, log_dir: Option<&Path>) -> ! {
    tracing::error!(reason, "Inkdoku could not start");
    let note = write_startup_note(reason, log_dir);
    crate::platform::show_startup_failure(&crate::platform::startup_failure_text(reason, note.as_deref()));
    exit_now(1)
}

fn write_startup_note(reason: &str, log_dir: Option<&Path>) -> Option<PathBuf> {
    use std::io::Write;
    let line = format!("{} ms since 1970: Inkdoku could not start: {reason}\n", unix_ms());
    for dir in log_dir.map(Path::to_path_buf).into_iter().chain([std::env::temp_dir()]) {
        let path = dir.join(STARTUP_NOTE);
        let written = std::fs::create_dir_all(&dir)
            .and_then(|_| std::fs::OpenOptions::new().create(true).append(true).open(&path))
            .and_then(|mut f| f.write_all(line.as_bytes()));
        if written.is_ok() {
            return Some(path);
        }
    }
    None
}

const SINGLE_INSTANCE_PLUGIN: &str = "single-instance";
/// Set in the environment of the one relaunch [`relaunch_once`] makes.
const RELAUNCHED_ENV: &str = "INKDOKU_RELAUNCHED";

/// The single-instance check failed: on Linux, the running instance this launch handed over to
/// vanished before it answered (it was killed, or was exiting, while its D-Bus name was still
/// held). Reopening right after a crash must not say "could not start", and this process can't
/// retry (an event loop is made once per process), so it starts a fresh copy of itself, once,
/// which finds the name free or a live instance to hand over to. Returns whether it did.
fn relaunch_once() -> bool {
    if std::env::var_os(RELAUNCHED_ENV).is_some() {
        return false;
    }
    let Ok(exe) = std::env::current_exe() else { return false };
    tracing::warn!("the running instance vanished during the single-instance check; relaunching");
    std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(RELAUNCHED_ENV, "1")
        .spawn()
        .is_ok()
}

/// A panic before the app is up shows the failed-start message (and then runs the usual hook).
fn watch_startup_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !STARTED.load(Ordering::SeqCst) {
            let reason = match info.payload().downcast_ref::<&str>() {
                Some(s) => (*s).to_string(),
                None => info.payload().downcast_ref::<String>().cloned().unwrap_or_else(|| info.to_string()),
            };
            let note = write_startup_note(&reason, None);
            crate::platform::show_startup_failure(&crate::platform::startup_failure_text(&reason, note.as_deref()));
        }
        previous(info);
    }));
}

pub fn run() {
    watch_startup_panics();
    let app = tauri::Builder::default()
        // Must be the first plugin: a second launch exits before anything else starts.
        .plugin(tauri_plugin_single_instance::init(|app, _argv, _cwd| on_second_launch(app)))
        // The settings' cache in memory (open_settings); the file is written like the saves.
        .plugin(tauri_plugin_store::Builder::default().build())
        .plugin(tauri_plugin_dialog::init())
        // inkdoku://play/<code> links: the one a launch was started with (its only argument).
        .plugin(tauri_plugin_deep_link::init())
        .setup(|app| {
            let log_dir = app.path().app_log_dir().ok();
            if let Err(reason) = set_up(app, log_dir) {
                fail_to_start(&reason, app.path().app_log_dir().ok().as_deref());
            }
            STARTED.store(true, Ordering::SeqCst);
            Ok(())
        })
        .invoke_handler(handle_invoke)
        .build(tauri::generate_context!());
    let app = match app {
        Ok(app) => app,
        Err(tauri::Error::PluginInitialization(plugin, _)) if plugin == SINGLE_INSTANCE_PLUGIN && relaunch_once() => {
            std::process::exit(0)
        }
        // Before any folder is known (e.g. no WebView2 runtime): the note goes to the temp folder.
        Err(e) => fail_to_start(&e.to_string(), None),
    };
    app.run(|app, event| match event {
        RunEvent::WindowEvent { event: WindowEvent::CloseRequested { .. }, .. } | RunEvent::ExitRequested { .. } => save_before_exit(app),
        RunEvent::WindowEvent { label, event: WindowEvent::Resized(_), .. } => follow_minimised(app, &label),
        RunEvent::Exit => drop(LOG_GUARD.lock().unwrap_or_else(|p| p.into_inner()).take()),
        _ => {}
    });
}

#[cfg(test)]
mod tests {
    use super::{log_filter, paper_colour};
    use tracing::Level;

    /// Our events from info, the libraries' from warn (no debug or trace of theirs); RUST_LOG
    /// replaces that when it parses, and a malformed one is ignored.
    #[test]
    fn the_log_keeps_our_info_and_the_libraries_warnings() {
        let f = log_filter(None);
        assert!(f.would_enable("inkdoku_app::shell", &Level::INFO));
        assert!(f.would_enable("inkdoku::session", &Level::INFO));
        assert!(!f.would_enable("inkdoku_app::shell", &Level::DEBUG));
        assert!(!f.would_enable("zbus::connection", &Level::TRACE));
        assert!(!f.would_enable("tauri::app", &Level::INFO));
        assert!(f.would_enable("tauri::app", &Level::WARN));
        let f = log_filter(Some("zbus=trace,info"));
        assert!(f.would_enable("zbus::connection", &Level::TRACE));
        assert!(f.would_enable("tauri::app", &Level::INFO));
        let f = log_filter(Some("=[not a filter"));
        assert!(!f.would_enable("zbus::connection", &Level::TRACE));
        assert!(f.would_enable("inkdoku_app::shell", &Level::INFO));
    }

    /// The window's first colour is each theme's paper, as the page will paint it: the same
    /// values as `--paper` in themes.css (so no flash of another colour when the page appears).
    #[test]
    fn the_window_starts_in_the_paper_of_the_theme() {
        let css = include_str!("../../ui/css/themes.css");
        let papers: Vec<&str> = css.lines().filter_map(|l| l.trim().strip_prefix("--paper:")).map(|v| v.trim().trim_end_matches(';')).collect();
        let hex = |t: &str, dark: bool| {
            let c = paper_colour(t, dark);
            format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
        };
        assert_eq!(papers.first().copied(), Some(hex("light", false).as_str()), "light: {papers:?}");
        assert!(papers.contains(&hex("dark", false).as_str()), "dark: {papers:?}");
        assert!(papers.contains(&hex("high-contrast", false).as_str()), "high contrast: {papers:?}");
        assert_eq!(hex("system", true), hex("dark", false));
        assert_eq!(hex("system", false), hex("light", false));
        assert_eq!(hex("something else", true), hex("light", false), "an unknown theme is light");
    }
}
