//! The few words the shell itself shows, outside the view: the native file dialogs' filter
//! names, the box that says the app could not start, the start-up watchdog's boxes and the
//! boxes of a webview that keeps dying. In the player's language (the setting,
//! or the system's when it is "auto"); everything else is the view's catalogue (`ui/locales`).

use std::path::Path;

use crate::watchdog::Advice;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    /// `setting`: the settings' `language` ("auto", "en", "zh-CN"); `system`: the system's
    /// language tag (`zh-CN`, `zh_CN.UTF-8`, `en-GB`), when known.
    pub fn of(setting: &str, system: Option<&str>) -> Lang {
        match setting {
            "zh-CN" => Lang::Zh,
            "en" => Lang::En,
            _ if system.is_some_and(|s| s.to_ascii_lowercase().starts_with("zh")) => Lang::Zh,
            _ => Lang::En,
        }
    }
}

/// What a file dialog offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Game,
    PuzzleText,
    KenkenText,
    KenkenJson,
    KenkenAny,
    /// A variant's "Enter a puzzle" file: one Solo game ID.
    SoloId,
    Picture,
    Backup,
}

pub fn filter_name(f: Filter, lang: Lang) -> &'static str {
    match (f, lang) {
        (Filter::Game, Lang::En) => "Inkdoku game",
        (Filter::Game, Lang::Zh) => "Inkdoku 存档",
        (Filter::PuzzleText, Lang::En) => "Puzzle as text",
        (Filter::PuzzleText, Lang::Zh) => "文本谜题",
        (Filter::KenkenText, Lang::En) => "KenKen as text",
        (Filter::KenkenText, Lang::Zh) => "聪明格（文本）",
        (Filter::KenkenJson, Lang::En) => "KenKen as JSON",
        (Filter::KenkenJson, Lang::Zh) => "聪明格（JSON）",
        (Filter::KenkenAny, Lang::En) => "KenKen (text or JSON)",
        (Filter::KenkenAny, Lang::Zh) => "聪明格（文本或 JSON）",
        (Filter::SoloId, Lang::En) => "Solo game ID",
        (Filter::SoloId, Lang::Zh) => "Solo 游戏编号",
        (Filter::Picture, Lang::En) => "Picture",
        (Filter::Picture, Lang::Zh) => "图片",
        (Filter::Backup, Lang::En) => "Inkdoku backup",
        (Filter::Backup, Lang::Zh) => "Inkdoku 备份",
    }
}

/// A filter named by a game's entry (`inkdoku::entry::FileFormat::filter`, `Entry::any_filter`):
/// the catalogue's keys are the variants' names in snake case.
pub fn filter_of(key: &str) -> Option<Filter> {
    Some(match key {
        "game" => Filter::Game,
        "puzzle_text" => Filter::PuzzleText,
        "kenken_text" => Filter::KenkenText,
        "kenken_json" => Filter::KenkenJson,
        "kenken_any" => Filter::KenkenAny,
        "solo_id" => Filter::SoloId,
        "picture" => Filter::Picture,
        "backup" => Filter::Backup,
        _ => return None,
    })
}

/// The name of the filter `key` names; an unknown key (a test keeps every entry's known) is a
/// plain "Puzzle as text".
pub fn filter_named(key: &str, lang: Lang) -> &'static str {
    filter_name(filter_of(key).unwrap_or(Filter::PuzzleText), lang)
}

/// The failed-start box: what went wrong (the reason is the system's own words, e.g. an OS
/// error, so it stays as it is) and where the details are.
pub fn startup_failure(reason: &str, details: Option<&Path>, lang: Lang) -> String {
    let reason = reason.trim().trim_end_matches('.');
    match lang {
        Lang::En => {
            let reason = if reason.is_empty() { "an unknown error" } else { reason };
            format!("Inkdoku could not start: {reason}.\n\n{}", details_and_saves(details, lang))
        }
        Lang::Zh => {
            let reason = if reason.is_empty() { "未知错误" } else { reason };
            format!("Inkdoku 无法启动：{reason}。\n\n{}", details_and_saves(details, lang))
        }
    }
}

/// Where the details are written, and that the saves are safe.
fn details_and_saves(details: Option<&Path>, lang: Lang) -> String {
    match (lang, details) {
        (Lang::En, Some(p)) => format!("The details are written in {}.\nYour saved games are not affected.", p.display()),
        (Lang::En, None) => "No log could be written either.\nYour saved games are not affected.".to_string(),
        (Lang::Zh, Some(p)) => format!("详细信息已写入 {}。\n你保存的游戏没有受到影响。", p.display()),
        (Lang::Zh, None) => "也无法写入日志。\n你保存的游戏没有受到影响。".to_string(),
    }
}

/// The webview's download page, for [`Advice::RepairWebView2`].
pub const WEBVIEW2_LINK: &str = "https://developer.microsoft.com/microsoft-edge/webview2/";

/// What the start-up watchdog tells the player (#45).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewTrouble<'a> {
    /// The view did not say it was ready within this many seconds.
    Stuck(u64),
    /// Making the webview failed with this error (the system's words, kept as they are).
    Failed(&'a str),
    /// A second launch found this start not ready after this many seconds: end it? (yes/no)
    StillStarting(u64),
}

/// The watchdog's box: what happened, what to do, where the details are.
pub fn view_trouble(trouble: ViewTrouble, advice: Advice, details: Option<&Path>, lang: Lang) -> String {
    let what = match (trouble, lang) {
        (ViewTrouble::Stuck(n), Lang::En) => format!("Inkdoku's window did not appear: its web view did not start within {n} seconds."),
        (ViewTrouble::Stuck(n), Lang::Zh) => format!("Inkdoku 的窗口没有出现：它的网页视图在 {n} 秒内没有启动。"),
        (ViewTrouble::Failed(e), Lang::En) => format!("Inkdoku's window could not be opened: {}.", e.trim().trim_end_matches('.')),
        (ViewTrouble::Failed(e), Lang::Zh) => format!("Inkdoku 的窗口无法打开：{}。", e.trim().trim_end_matches('.')),
        (ViewTrouble::StillStarting(n), Lang::En) => format!("Inkdoku is still starting, or is stuck: its window has not appeared after {n} seconds."),
        (ViewTrouble::StillStarting(n), Lang::Zh) => format!("Inkdoku 仍在启动，或者已经卡住：{n} 秒后它的窗口仍未出现。"),
    };
    let todo = match (advice, lang) {
        (Advice::RepairWebView2, Lang::En) => format!("Repair or reinstall the Microsoft Edge WebView2 Runtime (Settings > Apps > Installed apps > Microsoft Edge WebView2 Runtime > Modify > Repair, or download it from {WEBVIEW2_LINK}), then open Inkdoku again."),
        (Advice::RepairWebView2, Lang::Zh) => format!("请修复或重新安装 Microsoft Edge WebView2 Runtime（设置 > 应用 > 已安装的应用 > Microsoft Edge WebView2 Runtime > 修改 > 修复，或从 {WEBVIEW2_LINK} 下载），然后再次打开 Inkdoku。"),
        (Advice::ReinstallWebKit, Lang::En) => "Reinstall WebKitGTK (the package libwebkit2gtk-4.1-0), then open Inkdoku again.".to_string(),
        (Advice::ReinstallWebKit, Lang::Zh) => "请重新安装 WebKitGTK（软件包 libwebkit2gtk-4.1-0），然后再次打开 Inkdoku。".to_string(),
        (Advice::RestartPc, Lang::En) => "Web view processes of an earlier run are still there (as after Inkdoku was ended by force). Restart the PC, or end every \"Microsoft Edge WebView2\" process in Task Manager, then open Inkdoku again.".to_string(),
        (Advice::RestartPc, Lang::Zh) => "上次运行留下的网页视图进程仍然存在（例如 Inkdoku 被强制结束之后）。请重新启动电脑，或在任务管理器中结束所有“Microsoft Edge WebView2”进程，然后再次打开 Inkdoku。".to_string(),
        (Advice::FolderAccess, Lang::En) => "Inkdoku may not use its web view data folder. Check that folder's permissions (security software may block it), then open Inkdoku again.".to_string(),
        (Advice::FolderAccess, Lang::Zh) => "Inkdoku 无法使用它的网页视图数据文件夹。请检查该文件夹的权限（安全软件可能会阻止它），然后再次打开 Inkdoku。".to_string(),
    };
    let end = match (trouble, lang) {
        (ViewTrouble::StillStarting(_), Lang::En) => "\n\nEnd the waiting Inkdoku now? (No: keep waiting.)",
        (ViewTrouble::StillStarting(_), Lang::Zh) => "\n\n现在结束正在等待的 Inkdoku 吗？（否：继续等待。）",
        _ => "",
    };
    format!("{what}\n\n{todo}\n\n{}{end}", details_and_saves(details, lang))
}

/// A webview whose browser process ended, or whose renderer keeps dying (`platform/renderer.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebviewLost {
    /// It can't come back: the app opens again.
    Restarting,
    /// Reloading was given up on.
    KeepsStopping,
}

pub fn webview_lost(what: WebviewLost, lang: Lang) -> &'static str {
    match (what, lang) {
        (WebviewLost::Restarting, Lang::En) => "Inkdoku's window stopped working. It will open again now, with your game as you left it.",
        (WebviewLost::Restarting, Lang::Zh) => "Inkdoku 的窗口停止了工作。它现在会重新打开，你的游戏保持原样。",
        (WebviewLost::KeepsStopping, Lang::En) => "Inkdoku's window keeps stopping. Your game is saved: close Inkdoku and open it again.",
        (WebviewLost::KeepsStopping, Lang::Zh) => "Inkdoku 的窗口一再停止工作。你的游戏已经保存：请关闭 Inkdoku，然后重新打开。",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_setting_or_the_systems() {
        assert_eq!(Lang::of("zh-CN", Some("en-US")), Lang::Zh);
        assert_eq!(Lang::of("en", Some("zh-CN")), Lang::En);
        assert_eq!(Lang::of("auto", Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(Lang::of("auto", Some("en-GB")), Lang::En);
        assert_eq!(Lang::of("auto", None), Lang::En);
    }

    /// Latin words in a Chinese text, beyond names (the app's, the format's, the runtimes',
    /// a package's) and the link.
    fn latin_words(s: &str) -> Vec<String> {
        let names = ["Microsoft Edge WebView2 Runtime", "Microsoft Edge WebView2", "WebKitGTK", "libwebkit2gtk-4.1-0", WEBVIEW2_LINK];
        let s = names.iter().fold(s.to_string(), |s, n| s.replace(n, " "));
        s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() > 1 && !["Inkdoku", "JSON"].contains(w)).map(String::from).collect()
    }

    /// #26: no English in the Chinese words, beyond the app's name and the format's.
    #[test]
    fn the_chinese_words_are_chinese() {
        for f in [Filter::Game, Filter::PuzzleText, Filter::KenkenText, Filter::KenkenJson, Filter::KenkenAny, Filter::Picture] {
            assert_eq!(latin_words(filter_name(f, Lang::Zh)), Vec::<String>::new(), "{f:?}");
            assert_ne!(filter_name(f, Lang::Zh), filter_name(f, Lang::En));
        }
        let text = startup_failure("", None, Lang::Zh);
        assert_eq!(latin_words(&text), Vec::<String>::new(), "{text}");
        let text = startup_failure("disk full", Some(Path::new("/tmp/x")), Lang::Zh);
        assert!(text.contains("disk full") && text.contains("/tmp/x"), "the reason and the path are kept: {text}");
    }

    /// #41: every game's entry names its dialogs' filters with keys of this catalogue.
    #[test]
    fn every_entry_filter_is_in_the_catalogue() {
        let mut seen = 0;
        for kind in inkdoku::play::GameKind::ALL {
            let Some(entry) = kind.entry() else { continue };
            for key in entry.formats.iter().map(|f| f.filter).chain([entry.any_filter]) {
                assert!(filter_of(key).is_some(), "{kind:?}: the filter \"{key}\" has no name");
                seen += 1;
            }
        }
        assert!(seen >= 4, "KenKen's and Sudoku's entries name their filters");
    }

    const ADVICE: [Advice; 4] = [Advice::RepairWebView2, Advice::ReinstallWebKit, Advice::RestartPc, Advice::FolderAccess];

    /// #45: the watchdog's boxes say what happened, what to do (each advice its own), where the
    /// details are, and that the saves are safe, in both languages.
    #[test]
    fn the_watchdog_says_what_happened_and_what_to_do_in_both_languages() {
        let log = Path::new("C:/Users/p/AppData/Roaming/app.inkdoku.desktop/logs/startup-error.txt");
        let en = view_trouble(ViewTrouble::Stuck(60), Advice::RepairWebView2, Some(log), Lang::En);
        assert!(en.starts_with("Inkdoku's window did not appear: its web view did not start within 60 seconds."), "{en}");
        assert!(en.contains("Repair or reinstall the Microsoft Edge WebView2 Runtime") && en.contains(WEBVIEW2_LINK), "{en}");
        assert!(en.contains(&log.display().to_string()) && en.contains("Your saved games are not affected."), "{en}");
        let zh = view_trouble(ViewTrouble::Stuck(60), Advice::RepairWebView2, Some(log), Lang::Zh);
        assert!(zh.starts_with("Inkdoku 的窗口没有出现") && zh.contains("60 秒") && zh.contains(WEBVIEW2_LINK) && zh.contains("你保存的游戏没有受到影响"), "{zh}");
        let failed = view_trouble(ViewTrouble::Failed("Access is denied. (0x80070005)"), Advice::FolderAccess, None, Lang::En);
        assert!(failed.starts_with("Inkdoku's window could not be opened: Access is denied. (0x80070005).") && failed.contains("permissions"), "{failed}");
        let asked = view_trouble(ViewTrouble::StillStarting(7), Advice::RepairWebView2, None, Lang::En);
        assert!(asked.starts_with("Inkdoku is still starting, or is stuck: its window has not appeared after 7 seconds.") && asked.ends_with("End the waiting Inkdoku now? (No: keep waiting.)"), "{asked}");
        assert!(view_trouble(ViewTrouble::StillStarting(7), Advice::RepairWebView2, None, Lang::Zh).ends_with("（否：继续等待。）"));
        for trouble in [ViewTrouble::Stuck(60), ViewTrouble::Failed("0x8007139F"), ViewTrouble::StillStarting(3)] {
            let mut seen = std::collections::BTreeSet::new();
            for advice in ADVICE {
                let (en, zh) = (view_trouble(trouble, advice, Some(log), Lang::En), view_trouble(trouble, advice, None, Lang::Zh));
                assert_eq!(latin_words(&zh), Vec::<String>::new(), "{zh}");
                assert_ne!(en, zh);
                assert!(seen.insert(en), "{advice:?}: its own advice");
            }
        }
    }

    /// #40.10: the boxes of a webview that can't come back speak the player's language.
    #[test]
    fn a_lost_webview_is_told_in_the_players_language() {
        for what in [WebviewLost::Restarting, WebviewLost::KeepsStopping] {
            assert!(webview_lost(what, Lang::En).starts_with("Inkdoku's window"), "{what:?}");
            let zh = webview_lost(what, Lang::Zh);
            assert!(zh.starts_with("Inkdoku 的窗口"), "{zh}");
            assert_eq!(latin_words(zh), Vec::<String>::new(), "{zh}");
        }
        assert!(webview_lost(WebviewLost::Restarting, Lang::Zh).contains("游戏"));
        assert!(webview_lost(WebviewLost::KeepsStopping, Lang::En).contains("Your game is saved"));
    }
}
