//! Hostile input: long URLs (hundreds to a few thousand bytes) built to
//! make a parser work per byte — text to percent-encode in every
//! component, credentials of many colons or `@`, dot segments, labels to
//! map, tabs and newlines throughout. Real traffic rarely looks like this;
//! an attacker's does, and a parser's time per byte on it is what a
//! service in front of one pays. Drawn from a seeded random source and
//! shuffled, like every generated set.

use crate::rng::Rng;
use crate::sets::SCRIPTS;

/// The kinds of input [`hostile`] draws, in its output's tags.
pub const HOSTILE_KINDS: [&str; 9] = [
    "script-path",
    "script-query",
    "credentials",
    "at-signs",
    "opaque",
    "dot-segments",
    "idn-labels",
    "percent-host",
    "tab-newline",
];

/// `n` hostile URLs, each with its kind (one of [`HOSTILE_KINDS`]).
pub fn hostile(n: usize) -> Vec<(&'static str, String)> {
    let mut rng = Rng::new(0x686f_7374_696c_6521);
    let mut out: Vec<(&'static str, String)> = (0..n)
        .map(|_| {
            let kind = *rng.pick(&HOSTILE_KINDS);
            // Pieces, not bytes: 100 to 800 of them.
            let len = 100 + rng.below(701);
            let url = match kind {
                "script-path" => format!("https://example.com/{}", text(&mut rng, len, "/-.")),
                "script-query" => format!(
                    "https://example.com/search?q={}#{}",
                    text(&mut rng, len, " &=+"),
                    text(&mut rng, 8, " ")
                ),
                "credentials" => format!(
                    "https://{}@example.com/",
                    pieces(
                        &mut rng,
                        len,
                        &["a", "b1", ":", ":", "%3A", " ", "\u{e9}", "["]
                    )
                ),
                "at-signs" => format!(
                    "http://{}example.com/p",
                    pieces(&mut rng, len, &["a", "@", "@", "b.", ":", "%40"])
                ),
                "opaque" => {
                    let scheme = *rng.pick(&["data:text/plain,", "javascript:", "mailto:"]);
                    format!(
                        "{scheme}{}?{}",
                        pieces(
                            &mut rng,
                            len,
                            &["word", " ", " ", ",", "%20", "\u{e9}", "\u{1}"]
                        ),
                        text(&mut rng, 8, "")
                    )
                }
                "dot-segments" => format!(
                    "https://example.com/{}",
                    pieces(
                        &mut rng,
                        len,
                        &["a/", "../", "./", "%2e%2E/", ".%2e/", "b", "..\\", "//"]
                    )
                ),
                "idn-labels" => {
                    let labels: Vec<String> = (0..1 + len / 8)
                        .map(|_| {
                            let n = 1 + rng.below(9);
                            text(&mut rng, n, "")
                        })
                        .collect();
                    format!("https://{}.com/", labels.join("."))
                }
                "percent-host" => format!(
                    "http://{}.com/",
                    pieces(
                        &mut rng,
                        len / 2,
                        &["%41", "%62", "a", "%2E", ".", "%C3%A9"]
                    )
                ),
                _ => {
                    // Tabs and newlines in every component of a long URL.
                    let ws = ["\t", "\n", "\r"];
                    let mut s = String::from("https://ex\tample.com/");
                    for _ in 0..len {
                        let piece: &&str = rng.pick(&["a", "b/", "?", "=", "#", "x"]);
                        s.push_str(piece);
                        if rng.chance(1, 3) {
                            let ws: &&str = rng.pick(&ws);
                            s.push_str(ws);
                        }
                    }
                    s
                }
            };
            (kind, url)
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

/// `len` pieces drawn from `from`.
fn pieces(rng: &mut Rng, len: usize, from: &[&str]) -> String {
    (0..len).map(|_| *rng.pick(from)).collect()
}

/// `len` characters of one script (the IDN scripts), with ASCII letters
/// and the bytes of `ascii` mixed in.
fn text(rng: &mut Rng, len: usize, ascii: &str) -> String {
    let (lo, hi) = *rng.pick(&SCRIPTS);
    let extra: Vec<char> = ascii.chars().chain(['a', 'x']).collect();
    (0..len)
        .map(|_| {
            if rng.chance(1, 3) {
                *rng.pick(&extra)
            } else {
                char::from_u32(lo + rng.below((hi - lo + 1) as usize) as u32).unwrap_or('a')
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_in_no_order_and_long() {
        let set = hostile(900);
        for kind in HOSTILE_KINDS {
            let n = set.iter().filter(|(k, _)| *k == kind).count();
            assert!(n > 50, "{kind}: {n}");
        }
        // Not a cycle: no kind follows another at a fixed distance.
        let same_as_next = set.windows(2).filter(|w| w[0].0 == w[1].0).count();
        assert!(same_as_next < 900 / 4, "{same_as_next}");
        assert!(set.iter().all(|(_, u)| u.len() >= 100), "short input");
        let mean = set.iter().map(|(_, u)| u.len()).sum::<usize>() / set.len();
        assert!((400..4000).contains(&mean), "mean length {mean}");
    }
}
