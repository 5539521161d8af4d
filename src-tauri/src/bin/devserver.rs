//! Development bridge, never bundled: serves `ui/` and the app's command dispatcher over HTTP on
//! 127.0.0.1, so the real view and the real backend can be driven from headless Chromium (which,
//! unlike WebKitGTK, reports pen pointer events).
//!
//! Usage: `inkdoku-devserver [--port N] [--ui DIR]`. Port 0 (the default) picks a free port; the
//! first line on stdout is `listening on http://127.0.0.1:PORT/`.

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use inkdoku_app::commands::{dispatch, AppState, ErrorBody};
use tiny_http::{Header, Method, Request, Response, Server};

// The same policy as the app's CSP, with the page's own origin standing in for Tauri IPC.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const MAX_BODY: u64 = 8 << 20;

fn main() {
    let mut port: u16 = 0;
    let mut ui = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui"));
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--port", Some(v)) => port = v.parse().unwrap_or_else(|_| fail(&format!("bad port {v}"))),
            ("--ui", Some(v)) => ui = PathBuf::from(v),
            _ => fail("usage: inkdoku-devserver [--port N] [--ui DIR]"),
        }
    }
    let server = Server::http(("127.0.0.1", port)).unwrap_or_else(|e| fail(&format!("cannot listen: {e}")));
    let addr = server.server_addr().to_ip().map(|a| a.to_string()).unwrap_or_default();
    println!("listening on http://{addr}/");
    let _ = std::io::stdout().flush();

    let state = AppState::in_memory();
    for request in server.incoming_requests() {
        let response = if request.method() == &Method::Post && request.url().starts_with("/ipc/") {
            handle_ipc(&state, request)
        } else {
            handle_file(&ui, request)
        };
        if let Err(e) = response {
            eprintln!("devserver: {e}");
        }
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("inkdoku-devserver: {msg}");
    std::process::exit(2)
}

fn header(name: &str, value: &str) -> Header {
    // Only called with constant ASCII names and values, which tiny_http always accepts.
    Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap_or_else(|_| fail("bad header"))
}

fn json_response(status: u16, body: &serde_json::Value) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_data(body.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json"))
        .with_header(header("Cache-Control", "no-store"))
}

fn handle_ipc(state: &AppState, mut request: Request) -> std::io::Result<()> {
    let command = request.url().trim_start_matches("/ipc/").to_string();
    let mut body = String::new();
    let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
    let args = match read.map_err(|e| e.to_string()).and_then(|_| {
        if body.trim().is_empty() { Ok(serde_json::Value::Null) } else { serde_json::from_str(&body).map_err(|e| e.to_string()) }
    }) {
        Ok(v) => v,
        Err(e) => {
            let err = ErrorBody { kind: "bad_arguments".into(), message: format!("The request body is not JSON: {e}") };
            return request.respond(json_response(400, &serde_json::to_value(err).unwrap_or_default()));
        }
    };
    let response = match dispatch(state, &command, args) {
        Ok(v) => json_response(200, &v),
        Err(e) => json_response(400, &serde_json::to_value(ErrorBody::from(&e)).unwrap_or_default()),
    };
    request.respond(response)
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

fn handle_file(ui: &Path, request: Request) -> std::io::Result<()> {
    let url = request.url().split(['?', '#']).next().unwrap_or("/");
    let rel = if url == "/" { "index.html" } else { url.trim_start_matches('/') };
    let rel = Path::new(rel);
    // Only plain relative paths inside ui/: no "..", no absolute paths.
    if request.method() != &Method::Get || !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return request.respond(Response::from_string("not found").with_status_code(404));
    }
    let path = ui.join(rel);
    match std::fs::read(&path) {
        Ok(bytes) => request.respond(
            Response::from_data(bytes)
                .with_header(header("Content-Type", content_type(&path)))
                .with_header(header("Content-Security-Policy", CSP))
                .with_header(header("Cache-Control", "no-store")),
        ),
        Err(_) => request.respond(Response::from_string("not found").with_status_code(404)),
    }
}
