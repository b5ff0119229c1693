//! gen-idna's inputs: the UTS #46 mapping from `uts46data.py` (PyPI's `idna`
//! package, see `data/README.md`), the check that every source is of the
//! requested Unicode version, and the cross-check of the mapping against an
//! older `IdnaMappingTable.txt`.

use super::{MappingTable, Status, MAX_CP};

use icu_properties::props::Script as IcuScript;
use icu_properties::CodePointMapData;
use sha2::{Digest, Sha256};
use unicode_script::{Script, UnicodeScript};

/// `X.Y.Z`, three decimal numbers (it also names a directory under
/// `data/unicode/`, so nothing else is accepted).
pub(super) fn is_version(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Parses `uts46data.py` as the Python `idna` package (3.16 and later)
/// generates it (its `tools/idna-data`): comment and blank lines, `from …
/// import …` lines, a docstring line, `__version__ = "X.Y.Z"`, then three
/// parallel sequences, one entry per range:
///
/// - `uts46_starts: … = array(`, `"I",`, `(`, one `0xSTART,` a line, `),`,
///   `)`: each range starts there and runs to the next start (the last to
///   U+10FFFF);
/// - `uts46_statuses: bytes = (`, lines of `b"…"` holding one status
///   letter per range, `)`;
/// - `uts46_replacements: … = (`, one `None,` or string literal a line (the
///   mapping), `)`.
///
/// Anything else is rejected, so a change of format cannot go unnoticed.
///
/// Statuses: `V` valid, `D` deviation (valid: the URL Standard only uses
/// non-transitional processing; its mapping, the transitional one, is
/// ignored), `M` mapped (to a non-empty string), `I` ignored, `X`
/// disallowed.
pub(super) fn parse_uts46_data(text: &str, name: &str) -> Result<MappingTable, String> {
    #[derive(PartialEq, Eq, Clone, Copy, Debug)]
    enum Section {
        Header,
        StartsOpen,
        StartsTuple,
        Starts,
        StartsClosed,
        Between,
        Statuses,
        Replacements,
    }
    let sha256 = format!("{:x}", Sha256::digest(text.as_bytes()));
    let mut version: Option<String> = None;
    let mut section = Section::Header;
    let mut done = [false; 3];
    let mut starts: Vec<u32> = Vec::new();
    let mut letters: Vec<u8> = Vec::new();
    let mut replacements: Vec<Option<String>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let err = |m: &str| format!("{name}:{}: {m}: {line:?}", n + 1);
        match section {
            Section::Header | Section::Between => {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                if section == Section::Header
                    && ((line.starts_with("from ") && line.contains(" import "))
                        || (line.starts_with("\"\"\"")
                            && line.ends_with("\"\"\"")
                            && line.len() >= 6))
                {
                    continue;
                }
                if let Some(v) = line.strip_prefix("__version__ = ") {
                    if section != Section::Header {
                        return Err(err("__version__ after the data"));
                    }
                    let v = python_string(v).map_err(|m| err(&m))?;
                    if version.replace(v).is_some() {
                        return Err(err("second __version__"));
                    }
                } else if line.starts_with("uts46_starts") && line.ends_with(" = array(") {
                    section = Section::StartsOpen;
                } else if line.starts_with("uts46_statuses") && line.ends_with(" = (") {
                    section = Section::Statuses;
                } else if line.starts_with("uts46_replacements") && line.ends_with(" = (") {
                    section = Section::Replacements;
                } else {
                    return Err(err("unexpected line"));
                }
                let i = match section {
                    Section::StartsOpen => 0,
                    Section::Statuses => 1,
                    Section::Replacements => 2,
                    _ => continue,
                };
                if std::mem::replace(&mut done[i], true) {
                    return Err(err("second definition"));
                }
            }
            Section::StartsOpen if line == "    \"I\"," => section = Section::StartsTuple,
            Section::StartsTuple if line == "    (" => section = Section::Starts,
            Section::Starts if line == "    )," => section = Section::StartsClosed,
            Section::StartsClosed if line == ")" => section = Section::Between,
            Section::Starts => {
                let hex = line
                    .strip_prefix("        0x")
                    .and_then(|l| l.strip_suffix(','))
                    .ok_or_else(|| err("not a start `        0x…,`"))?;
                if hex.is_empty() || hex.len() > 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(err("bad start"));
                }
                let start = u32::from_str_radix(hex, 16).map_err(|e| err(&e.to_string()))?;
                if start > MAX_CP {
                    return Err(err("start above U+10FFFF"));
                }
                match starts.last() {
                    None if start != 0 => return Err(err("the first range must start at 0")),
                    Some(&prev) if start <= prev => return Err(err("starts must increase")),
                    _ => {}
                }
                starts.push(start);
            }
            Section::Statuses if line == ")" => section = Section::Between,
            Section::Statuses => {
                let body = line
                    .strip_prefix("    b\"")
                    .and_then(|l| l.strip_suffix('"'))
                    .ok_or_else(|| err("not a status line `    b\"…\"`"))?;
                if let Some(b) = body.bytes().find(|b| !b"VDMIX".contains(b)) {
                    return Err(err(&format!("unknown status {:?}", b as char)));
                }
                letters.extend_from_slice(body.as_bytes());
            }
            Section::Replacements if line == ")" => section = Section::Between,
            Section::Replacements => {
                let item = line
                    .strip_prefix("    ")
                    .and_then(|l| l.strip_suffix(','))
                    .ok_or_else(|| err("not a replacement `    …,`"))?;
                replacements.push(match item {
                    "None" => None,
                    lit => Some(python_string(lit).map_err(|m| err(&m))?),
                });
            }
            Section::StartsOpen | Section::StartsTuple | Section::StartsClosed => {
                return Err(err("unexpected line in uts46_starts"))
            }
        }
    }
    if section != Section::Between || done != [true; 3] {
        return Err(format!(
            "{name}: not three complete sequences uts46_starts, uts46_statuses and \
             uts46_replacements"
        ));
    }
    if letters.len() != starts.len() || replacements.len() != starts.len() {
        return Err(format!(
            "{name}: {} starts, {} statuses, {} replacements: the sequences must be parallel",
            starts.len(),
            letters.len(),
            replacements.len()
        ));
    }
    let version = version.ok_or_else(|| format!("{name}: no __version__"))?;
    if !is_version(&version) {
        return Err(format!("{name}: __version__ {version:?} is not X.Y.Z"));
    }
    let mut status = Vec::with_capacity(MAX_CP as usize + 1);
    for (i, ((start, letter), mapping)) in starts.iter().zip(&letters).zip(replacements).enumerate()
    {
        let st = entry_status(*letter, mapping)
            .map_err(|m| format!("{name}: the range at U+{start:04X}: {m}"))?;
        let end = starts.get(i + 1).map_or(MAX_CP + 1, |next| *next);
        status.extend((*start..end).map(|_| st.clone()));
    }
    debug_assert_eq!(status.len(), MAX_CP as usize + 1);
    Ok(MappingTable {
        version,
        sha256,
        path: name.to_string(),
        origin: String::new(),
        status,
    })
}

/// One range's status letter and replacement.
fn entry_status(letter: u8, mapping: Option<String>) -> Result<Status, String> {
    Ok(match (letter, mapping) {
        (b'V', None) => Status::Valid,
        // The deviation's mapping is the transitional one: not used.
        (b'D', _) => Status::Valid,
        (b'X', None) => Status::Disallowed,
        (b'I', None) => Status::Ignored,
        (b'M', Some(m)) if !m.is_empty() => Status::Mapped(m.chars().collect()),
        (b'M', _) => return Err("mapped without a mapping".into()),
        (s, Some(_)) => return Err(format!("status {} with a mapping", s as char)),
        (s, None) => return Err(format!("unknown status {}", s as char)),
    })
}

/// A whole Python string literal in single or double quotes, with `\\` the
/// only escape (the only one the file uses: anything else is rejected rather
/// than guessed at). Control characters are rejected too.
fn python_string(lit: &str) -> Result<String, String> {
    let quote = lit.chars().next().filter(|&q| q == '"' || q == '\'');
    let body = quote
        .and_then(|q| lit[1..].strip_suffix(q))
        .ok_or_else(|| format!("not a quoted string: {lit:?}"))?;
    let q = quote.unwrap_or('"');
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('\\') => out.push('\\'),
                other => return Err(format!("unsupported escape \\{other:?} in {lit:?}")),
            },
            c if c == q => return Err(format!("unescaped quote in {lit:?}")),
            c if c.is_control() => return Err(format!("control character in {lit:?}")),
            c => out.push(c),
        }
    }
    Ok(out)
}

/// Every source gen-idna reads must be of Unicode `unicode`: the mapping
/// table's own version, `unicode-normalization`'s and `unicode-script`'s
/// `UNICODE_VERSION`, and `icu_properties`, which has no version constant:
/// its Script is Unknown (Zzzz: unassigned, private use, surrogates,
/// noncharacters) on exactly the code points where `unicode-script`'s is,
/// which pins its set of assigned code points to that version's. Returns one
/// line per source for the report, or every disagreement.
pub(super) fn check_versions(unicode: &str, table: &MappingTable) -> Result<Vec<String>, String> {
    let v3 = |(a, b, c): (u64, u64, u64)| format!("{a}.{b}.{c}");
    let norm = {
        let (a, b, c) = unicode_normalization::UNICODE_VERSION;
        v3((a.into(), b.into(), c.into()))
    };
    let script = v3(unicode_script::UNICODE_VERSION);
    let mut problems = Vec::new();
    for (what, v) in [
        ("the UTS #46 mapping (__version__)", &table.version),
        ("unicode-normalization (UNICODE_VERSION)", &norm),
        ("unicode-script (UNICODE_VERSION)", &script),
    ] {
        if v != unicode {
            problems.push(format!("{what} is Unicode {v}"));
        }
    }
    let icu = CodePointMapData::<IcuScript>::new();
    let differ: Vec<u32> = (0..=MAX_CP)
        .filter_map(char::from_u32)
        .filter(|&c| (icu.get(c) == IcuScript::Unknown) != (c.script() == Script::Unknown))
        .map(u32::from)
        .collect();
    if !differ.is_empty() {
        let first: Vec<String> = differ
            .iter()
            .take(8)
            .map(|c| format!("U+{c:04X}"))
            .collect();
        problems.push(format!(
            "icu_properties and unicode-script (Unicode {script}) disagree on whether {} code \
             points are assigned (Script=Unknown), e.g. {}: icu_properties is not Unicode {script}",
            differ.len(),
            first.join(", ")
        ));
    }
    if problems.is_empty() {
        Ok(vec![
            format!("UTS #46 mapping: {}", table.version),
            format!("unicode-normalization: {norm}"),
            format!("unicode-script: {script}"),
            format!("icu_properties: same assigned code points as unicode-script {script}"),
        ])
    } else {
        Err(format!(
            "the sources are not all Unicode {unicode}:\n  {}",
            problems.join("\n  ")
        ))
    }
}

/// Code points whose UTS #46 status may differ between the baseline and the
/// new mapping although the baseline had them assigned (not `disallowed`),
/// each with the reason (a real change of UTS #46 in that version). Empty:
/// 18.0.0 changes nothing of 16.0.0 but newly assigned code points.
const ALLOWED_STATUS_CHANGES: &[(u32, &str)] = &[];

/// Compares `new` with the older `base` on every code point: every
/// difference must be a code point `base` disallows (newly assigned since)
/// or be listed in [`ALLOWED_STATUS_CHANGES`]. Returns the summary line.
pub(super) fn cross_check(new: &MappingTable, base: &MappingTable) -> Result<String, String> {
    let (mut newly, mut valid, mut mapped, mut ignored, mut allowed) = (0, 0, 0, 0, 0);
    let mut other = Vec::new();
    for (cp, (n, b)) in new.status.iter().zip(&base.status).enumerate() {
        if n == b {
            continue;
        }
        let cp = cp as u32;
        if *b == Status::Disallowed {
            newly += 1;
            match n {
                Status::Valid => valid += 1,
                Status::Mapped(_) => mapped += 1,
                Status::Ignored => ignored += 1,
                Status::Disallowed => unreachable!("equal statuses were skipped"),
            }
        } else if ALLOWED_STATUS_CHANGES.iter().any(|&(c, _)| c == cp) {
            allowed += 1;
        } else {
            other.push(format!("U+{cp:04X}: {b:?} -> {n:?}"));
        }
    }
    let head = format!("{} vs {}", new.version, base.version);
    if !other.is_empty() {
        let shown = other.len().min(60);
        return Err(format!(
            "{head}: {} code points changed status although {} assigned them; if UTS #46 {} \
             really changed them, list them in ALLOWED_STATUS_CHANGES \
             (xtask/src/gen_idna/sources.rs) with the reason:\n  {}{}",
            other.len(),
            base.version,
            new.version,
            other[..shown].join("\n  "),
            if shown < other.len() { "\n  …" } else { "" }
        ));
    }
    let mut line = format!(
        "{head}: {} code points differ, all newly assigned ({valid} valid, {mapped} mapped, \
         {ignored} ignored)",
        newly + allowed
    );
    if allowed > 0 {
        line = format!(
            "{head}: {} code points differ: {newly} newly assigned ({valid} valid, {mapped} \
             mapped, {ignored} ignored), {allowed} listed in ALLOWED_STATUS_CHANGES",
            newly + allowed
        );
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "# generated\n\nfrom __future__ import annotations\n\nfrom array import \
                        array\n\n\"\"\"Doc.\"\"\"\n\n\n__version__ = \"18.0.0\"\n\n";

    /// A file in the package's layout from `(start, status, replacement
    /// literal)` entries, with `tweak` applied to the finished text.
    fn file(entries: &[(&str, &str, &str)]) -> String {
        let mut t = format!("{HEAD}uts46_starts: array[int] = array(\n    \"I\",\n    (\n");
        for (start, _, _) in entries {
            t += &format!("        {start},\n");
        }
        t += "    ),\n)\n\nuts46_statuses: bytes = (\n    b\"";
        for (_, st, _) in entries {
            t += st;
        }
        t += "\"\n)\n\nuts46_replacements: tuple[str | None, ...] = (\n";
        for (_, _, m) in entries {
            t += &format!("    {m},\n");
        }
        t + ")\n"
    }

    fn parse(entries: &[(&str, &str, &str)]) -> Result<MappingTable, String> {
        parse_uts46_data(&file(entries), "t.py")
    }

    #[test]
    fn parses_ranges_statuses_and_strings() {
        let t = parse(&[
            ("0x0", "V", "None"),
            ("0x41", "M", "\"a\""),
            ("0x42", "M", "'\"'"),
            ("0x43", "M", "\"\\\\\""),
            ("0x44", "D", "\"ss\""),
            ("0x45", "I", "None"),
            ("0x46", "X", "None"),
        ])
        .unwrap();
        assert_eq!(t.version, "18.0.0");
        assert_eq!(t.status.len(), MAX_CP as usize + 1);
        assert_eq!(t.status[0x40], Status::Valid);
        assert_eq!(t.status[0x41], Status::Mapped(vec!['a']));
        assert_eq!(t.status[0x42], Status::Mapped(vec!['"']));
        assert_eq!(t.status[0x43], Status::Mapped(vec!['\\']));
        assert_eq!(t.status[0x44], Status::Valid);
        assert_eq!(t.status[0x45], Status::Ignored);
        assert_eq!(t.status[0x46], Status::Disallowed);
        assert_eq!(t.status[MAX_CP as usize], Status::Disallowed);
    }

    #[test]
    fn rejects_anything_unexpected() {
        let v = ("0x0", "V", "None");
        for (entries, why) in [
            (
                vec![("0x1", "V", "None")],
                "the first range must start at 0",
            ),
            (vec![v, ("0x0", "X", "None")], "starts must increase"),
            (vec![v, ("0x110000", "X", "None")], "above U+10FFFF"),
            (vec![("0x0", "Q", "None")], "unknown status"),
            (vec![("0x0", "M", "None")], "mapped without a mapping"),
            (vec![("0x0", "M", "\"\"")], "mapped without a mapping"),
            (vec![("0x0", "V", "\"a\"")], "with a mapping"),
            (vec![("0x0", "M", "\"\\n\"")], "unsupported escape"),
            (vec![("0x0", "M", "\"\\u0041\"")], "unsupported escape"),
            (vec![("0x0", "M", "\"a\"b\"")], "unescaped quote"),
            (vec![("0x0", "M", "\"\t\"")], "control character"),
            (vec![("0x0", "V", "None  # x")], "not a quoted string"),
            (vec![("0x0,  # x", "V", "None")], "bad start"),
        ] {
            let err = parse(&entries).err().unwrap_or_default();
            assert!(err.contains(why), "{entries:?}: {err:?} lacks {why:?}");
        }
        let good = file(&[v, ("0x41", "X", "None")]);
        for (text, why) in [
            (
                good.replace("__version__ = \"18.0.0\"\n", ""),
                "no __version__",
            ),
            (good.replace("b\"VX\"", "b\"V\""), "must be parallel"),
            (good.replace("    None,\n)", ")"), "must be parallel"),
            (
                good.replace("uts46_statuses: bytes = (\n    b\"VX\"\n)\n", ""),
                "not three complete",
            ),
            (format!("{good}x = 1\n"), "unexpected line"),
            (
                format!("{good}uts46_statuses: bytes = (\n)\n"),
                "second definition",
            ),
            (good.replace("    \"I\",", "    \"H\","), "in uts46_starts"),
        ] {
            let err = parse_uts46_data(&text, "t.py").err().unwrap_or_default();
            assert!(err.contains(why), "{err:?} lacks {why:?}");
        }
    }

    #[test]
    fn versions_are_three_numbers() {
        assert!(is_version("17.0.0"));
        for v in ["17.0", "17.0.0.0", "../17.0.0", "17.0.x", "", "17..0"] {
            assert!(!is_version(v), "{v}");
        }
    }

    #[test]
    fn cross_check_allows_only_newly_assigned() {
        let mut base = parse(&[("0x0", "V", "None"), ("0x100", "X", "None")]).unwrap();
        base.version = "17.0.0".into();
        let mut new = parse(&[
            ("0x0", "V", "None"),
            ("0x100", "M", "\"a\""),
            ("0x101", "X", "None"),
        ])
        .unwrap();
        let line = cross_check(&new, &base).unwrap();
        assert_eq!(
            line,
            "18.0.0 vs 17.0.0: 1 code points differ, all newly assigned (0 valid, 1 mapped, 0 ignored)"
        );
        new.status[0x41] = Status::Disallowed;
        let err = cross_check(&new, &base).unwrap_err();
        assert!(err.contains("U+0041: Valid -> Disallowed"), "{err}");
    }

    /// The committed data: parses, and is what the generator requires.
    #[test]
    fn committed_uts46_data_parses() {
        let path = crate::workspace_root().join(format!(
            "data/unicode/{}/uts46data.py",
            super::super::DEFAULT_UNICODE
        ));
        let text = std::fs::read_to_string(&path).unwrap();
        let t = parse_uts46_data(&text, "uts46data.py").unwrap();
        assert_eq!(t.version, super::super::DEFAULT_UNICODE);
        assert_eq!(t.status[0xFF02], Status::Mapped(vec!['"']));
        assert_eq!(t.status[0xFF3C], Status::Mapped(vec!['\\']));
        assert_eq!(t.status[0xDF], Status::Valid);
        assert_eq!(t.status[0x200C], Status::Valid);
        assert_eq!(t.status[0xAD], Status::Ignored);
    }
}
