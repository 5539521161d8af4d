//! The few words the shell itself shows, outside the view: the native file dialogs' filter
//! names and the box that says the app could not start. In the player's language (the setting,
//! or the system's when it is "auto"); everything else is the view's catalogue (`ui/locales`).

use std::path::Path;

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
    Picture,
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
        (Filter::Picture, Lang::En) => "Picture",
        (Filter::Picture, Lang::Zh) => "图片",
    }
}

/// The failed-start box: what went wrong (the reason is the system's own words, e.g. an OS
/// error, so it stays as it is) and where the details are.
pub fn startup_failure(reason: &str, details: Option<&Path>, lang: Lang) -> String {
    let reason = reason.trim().trim_end_matches('.');
    match lang {
        Lang::En => {
            let reason = if reason.is_empty() { "an unknown error" } else { reason };
            let details = match details {
                Some(p) => format!("The details are written in {}.", p.display()),
                None => "No log could be written either.".to_string(),
            };
            format!("Inkdoku could not start: {reason}.\n\n{details}\nYour saved games are not affected.")
        }
        Lang::Zh => {
            let reason = if reason.is_empty() { "未知错误" } else { reason };
            let details = match details {
                Some(p) => format!("详细信息已写入 {}。", p.display()),
                None => "也无法写入日志。".to_string(),
            };
            format!("Inkdoku 无法启动：{reason}。\n\n{details}\n你保存的游戏没有受到影响。")
        }
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

    /// #26: no English in the Chinese words, beyond the app's name and the format's.
    #[test]
    fn the_chinese_words_are_chinese() {
        let allowed = ["Inkdoku", "JSON"];
        let latin_words = |s: &str| -> Vec<String> {
            s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() > 1 && !allowed.contains(w)).map(String::from).collect()
        };
        for f in [Filter::Game, Filter::PuzzleText, Filter::KenkenText, Filter::KenkenJson, Filter::KenkenAny, Filter::Picture] {
            assert_eq!(latin_words(filter_name(f, Lang::Zh)), Vec::<String>::new(), "{f:?}");
            assert_ne!(filter_name(f, Lang::Zh), filter_name(f, Lang::En));
        }
        let text = startup_failure("", None, Lang::Zh);
        assert_eq!(latin_words(&text), Vec::<String>::new(), "{text}");
        let text = startup_failure("disk full", Some(Path::new("/tmp/x")), Lang::Zh);
        assert!(text.contains("disk full") && text.contains("/tmp/x"), "the reason and the path are kept: {text}");
    }
}
