// The app's ACL manifest lists exactly the commands of `src/commands/names.rs`, so Tauri
// checks every invoke against the capabilities, even though one dispatcher serves them all.
include!("src/commands/names.rs");

fn main() {
    println!("cargo:rerun-if-changed=src/commands/names.rs");
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .unwrap_or_else(|e| panic!("tauri build script failed: {e:#}"));
}
