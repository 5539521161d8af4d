//! Development bridge, never bundled: serves `ui/` and the app's command dispatcher over HTTP on
//! 127.0.0.1, so the real view and the real backend can be driven from headless Chromium (which,
//! unlike WebKitGTK, reports pen pointer events).
//!
//! Usage: `inkdoku-devserver [--port N] [--ui DIR] [--pick-file FILE] [--data-dir DIR]`. Port 0 (the default)
//! picks a free port; the first line on stdout is `listening on http://127.0.0.1:PORT/`.
//! `--pick-file`: every file dialog (open or save) answers with the path written in FILE at that
//! moment (empty: cancelled), so tests can choose a picture or a KenKen file; without it there
//! are no dialogs. `--data-dir`: the app's files (autosaves, statistics, pictures) live in DIR
//! as in the app, instead of memory (settings stay in memory); a second dev server on the same
//! DIR is the app started again (a backup restored is finished then).
//!
//! `POST /test/delay {"command": C, "ms": N}`: the next reply to C is computed at once but sent N
//! ms later, so tests can make replies overtake each other (the view must drop a stale one).
//! `POST /test/link {"url": …}`: a puzzle's link handed to the app, as the OS does (the test
//! tells the page, as the app's shell does, with an `inkdoku-link` event).
//! `POST /test/relaunch`: the games as after quitting and launching again (the game in play
//! waits for Continue), so a reload of the page is a cold start.
//!
//! The HTTP is deliberately minimal (one request per connection, `Connection: close`, bodies by
//! Content-Length): it only ever talks to a local test browser. A general-purpose crate was
//! tried first and lost requests now and then when Chromium opened many connections at once.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use inkdoku_app::commands::files::{FileKind, FilePicker};
use inkdoku_app::commands::settings::MemoryStore;
use inkdoku_app::commands::{dispatch, AppState, ErrorBody};

// The same policy as the app's CSP, with the page's own origin standing in for Tauri IPC.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const MAX_BODY: usize = 8 << 20;
const MAX_HEADER_LINES: usize = 100;

fn main() {
    let mut port: u16 = 0;
    let mut ui = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui"));
    let mut pick_file: Option<PathBuf> = None;
    let mut data_dir: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--port", Some(v)) => port = v.parse().unwrap_or_else(|_| fail(&format!("bad port {v}"))),
            ("--ui", Some(v)) => ui = PathBuf::from(v),
            ("--pick-file", Some(v)) => pick_file = Some(PathBuf::from(v)),
            ("--data-dir", Some(v)) => data_dir = Some(PathBuf::from(v)),
            _ => fail("usage: inkdoku-devserver [--port N] [--ui DIR] [--pick-file FILE] [--data-dir DIR]"),
        }
    }
    let listener = TcpListener::bind(("127.0.0.1", port)).unwrap_or_else(|e| fail(&format!("cannot listen: {e}")));
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
    println!("listening on http://{addr}/");
    let _ = std::io::stdout().flush();

    if let Some(d) = &data_dir {
        std::fs::create_dir_all(d).unwrap_or_else(|e| fail(&format!("cannot make {}: {e}", d.display())));
    }
    let picker: Box<dyn FilePicker> = match pick_file {
        Some(f) => Box::new(TestPicker(f)),
        None => Box::new(inkdoku_app::commands::files::NoPicker),
    };
    let state = Arc::new(AppState::new(data_dir, Box::new(MemoryStore::default()), picker));
    let ui = Arc::new(ui);
    for stream in listener.incoming().flatten() {
        let (state, ui) = (state.clone(), ui.clone());
        // A thread per connection, like the app's worker threads: one slow request never
        // holds up the page's others.
        std::thread::spawn(move || {
            if let Err(e) = serve(stream, &state, &ui) {
                eprintln!("devserver: {e}");
            }
        });
    }
}

/// Answers every file dialog with the path a test wrote into a file (empty: cancelled).
struct TestPicker(PathBuf);

impl TestPicker {
    fn answer(&self) -> Result<Option<PathBuf>, String> {
        let path = std::fs::read_to_string(&self.0).map_err(|e| e.to_string())?;
        Ok((!path.trim().is_empty()).then(|| PathBuf::from(path.trim())))
    }
}

impl FilePicker for TestPicker {
    fn pick_save(&self, _: &str, _: FileKind) -> Result<Option<PathBuf>, String> {
        self.answer()
    }
    fn pick_open(&self, _: FileKind) -> Result<Option<PathBuf>, String> {
        self.answer()
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("inkdoku-devserver: {msg}");
    std::process::exit(2)
}

struct Response {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

fn serve(stream: TcpStream, state: &AppState, ui: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line)? == 0 {
        return Ok(()); // a preconnect that never sent anything
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("/").to_string());
    let mut content_length = 0usize;
    for _ in 0..MAX_HEADER_LINES {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                content_length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let response = if content_length > MAX_BODY {
        error(413, "bad_arguments", "The request is too large.")
    } else if method == "POST" && target.starts_with("/ipc/") {
        let mut body = vec![0; content_length];
        reader.read_exact(&mut body)?;
        let command = target.trim_start_matches("/ipc/");
        let response = handle_ipc(state, command, &body);
        if let Some(ms) = take_delay(command) {
            std::thread::sleep(Duration::from_millis(ms));
        }
        response
    } else if method == "POST" && target == "/test/relaunch" {
        state.as_if_relaunched();
        Response { status: 200, content_type: "application/json", body: b"true".to_vec() }
    } else if method == "POST" && target == "/test/link" {
        // As the OS hands the app a link (`{"url": …}`); the page is told by the test.
        let mut body = vec![0; content_length];
        reader.read_exact(&mut body)?;
        let url = serde_json::from_slice::<serde_json::Value>(&body).ok().and_then(|v| v["url"].as_str().map(str::to_string)).unwrap_or_default();
        let kept = state.offer_link(&url);
        Response { status: 200, content_type: "application/json", body: kept.to_string().into_bytes() }
    } else if method == "POST" && target == "/test/delay" {
        let mut body = vec![0; content_length];
        reader.read_exact(&mut body)?;
        set_delay(&body)
    } else if method == "GET" {
        handle_file(ui, &target)
    } else {
        error(405, "bad_arguments", "Only GET and POST are served.")
    };
    write_response(stream, &response)
}

fn write_response(mut stream: TcpStream, r: &Response) -> std::io::Result<()> {
    let reason = match r.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        _ => "Error",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nContent-Security-Policy: {CSP}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        r.status,
        r.content_type,
        r.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&r.body)?;
    stream.flush()
}

fn error(status: u16, kind: &str, message: &str) -> Response {
    let body = serde_json::to_vec(&ErrorBody { kind: kind.into(), message: message.into(), detail: None }).unwrap_or_default();
    Response { status, content_type: "application/json", body }
}

fn handle_ipc(state: &AppState, command: &str, body: &[u8]) -> Response {
    let args = if body.iter().all(u8::is_ascii_whitespace) {
        Ok(serde_json::Value::Null)
    } else {
        serde_json::from_slice(body)
    };
    let args = match args {
        Ok(v) => v,
        Err(e) => return error(400, "bad_arguments", &format!("The request body is not JSON: {e}")),
    };
    match dispatch(state, command, args).and_then(|v| serde_json::to_vec(&v).map_err(|e| inkdoku_app::commands::CommandError::Internal(e.to_string()))) {
        Ok(body) => Response { status: 200, content_type: "application/json", body },
        Err(e) => Response { status: 400, content_type: "application/json", body: serde_json::to_vec(&ErrorBody::from(&e)).unwrap_or_default() },
    }
}

/// Replies to hold back: (command, milliseconds), each used once.
static DELAYS: Mutex<Vec<(String, u64)>> = Mutex::new(Vec::new());

fn set_delay(body: &[u8]) -> Response {
    #[derive(serde::Deserialize)]
    struct Delay {
        command: String,
        ms: u64,
    }
    match serde_json::from_slice::<Delay>(body) {
        Ok(d) => {
            DELAYS.lock().unwrap_or_else(|p| p.into_inner()).push((d.command, d.ms.min(30_000)));
            Response { status: 200, content_type: "application/json", body: b"true".to_vec() }
        }
        Err(e) => error(400, "bad_arguments", &format!("expected {{command, ms}}: {e}")),
    }
}

fn take_delay(command: &str) -> Option<u64> {
    let mut delays = DELAYS.lock().unwrap_or_else(|p| p.into_inner());
    let i = delays.iter().position(|(c, _)| c == command)?;
    Some(delays.remove(i).1)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn handle_file(ui: &Path, target: &str) -> Response {
    let url = target.split(['?', '#']).next().unwrap_or("/");
    let rel = if url == "/" { "index.html" } else { url.trim_start_matches('/') };
    let rel = Path::new(rel);
    // Only plain relative paths inside ui/: no "..", no absolute paths.
    let not_found = Response { status: 404, content_type: "text/plain", body: b"not found".to_vec() };
    if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return not_found;
    }
    let path = ui.join(rel);
    match std::fs::read(&path) {
        Ok(body) => Response { status: 200, content_type: content_type(&path), body },
        Err(_) => not_found,
    }
}
