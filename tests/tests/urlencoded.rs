//! application/x-www-form-urlencoded (url.bs §5): the cases of
//! web-platform-tests `url/urlencoded-parser.any.js` (vectors in
//! `tests/vectors/urlencoded-parser.json`, see its comment for the source),
//! through url-core's zero-copy parser on a fixed buffer and through
//! `weburl::UrlSearchParams`; plus byte-level UTF-8 decoding cases and the
//! serializer's round trip on every storage.

use serde_json::Value;
use url_core::form_urlencoded::{self, encode_into, Serializer};
use url_core::{Buffer, SliceStorage};
use weburl::UrlSearchParams;
use weburl_conformance::root;

type Pairs = Vec<(String, String)>;

fn load() -> Value {
    let path = root().join("tests/vectors/urlencoded-parser.json");
    let text = std::fs::read_to_string(&path).expect("tests/vectors/urlencoded-parser.json");
    serde_json::from_str(&text).expect("JSON")
}

fn pairs(v: &Value) -> Pairs {
    v.as_array()
        .expect("output")
        .iter()
        .map(|p| {
            (
                p[0].as_str().expect("name").to_string(),
                p[1].as_str().expect("value").to_string(),
            )
        })
        .collect()
}

/// url-core, decoding into one fixed buffer; also checks that the three
/// ways of reading a piece agree and that undecoded pieces are borrowed.
fn core_parse(input: &[u8]) -> Result<Pairs, String> {
    let mut buf = [0u8; 1024];
    let mut scratch = SliceStorage::new(&mut buf);
    let mut out = Vec::new();
    for (name, value) in form_urlencoded::parse(input) {
        let mut pair = Vec::new();
        for piece in [name, value] {
            let decoded = piece.decode(&mut scratch).map_err(|e| e.to_string())?;
            if let Some(s) = piece.as_str() {
                let start = s.as_ptr() as usize;
                let base = input.as_ptr() as usize;
                if start < base || start + s.len() > base + input.len() {
                    return Err("borrowed piece not from the input".into());
                }
            }
            if piece.chars().collect::<String>() != decoded || format!("{piece}") != decoded {
                return Err(format!(
                    "chars/Display disagree with decode for {decoded:?}"
                ));
            }
            if piece != decoded {
                return Err(format!("piece != {decoded:?}"));
            }
            pair.push(decoded.to_string());
        }
        let value = pair.pop().unwrap_or_default();
        let name = pair.pop().unwrap_or_default();
        out.push((name, value));
    }
    Ok(out)
}

/// Serializes with url-core into a fixed buffer, a String and a heapless
/// string, which must agree; then checks the round trip.
fn serialize_roundtrip(list: &Pairs) -> Result<(), String> {
    let mut buf = [0u8; 2048];
    let mut ser = Serializer::new(SliceStorage::new(&mut buf));
    ser.extend_pairs(list).map_err(|e| e.to_string())?;
    let fixed = ser.finish().as_str().to_string();
    let mut ser = Serializer::new(String::new());
    ser.extend_pairs(list).map_err(|e| e.to_string())?;
    let owned = ser.finish();
    let mut ser = Serializer::new(heapless::String::<2048>::new());
    ser.extend_pairs(list).map_err(|e| e.to_string())?;
    let bounded = ser.finish();
    if fixed != owned || owned != bounded.as_str() {
        return Err(format!("storages disagree: {fixed:?} {owned:?}"));
    }
    let params: UrlSearchParams = list.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    if params.to_string() != owned {
        return Err(format!("UrlSearchParams {params} != {owned}"));
    }
    let back = core_parse(owned.as_bytes())?;
    if &back != list {
        return Err(format!("round trip {owned:?} gave {back:?}"));
    }
    if !owned
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"*-._+%&=".contains(&b))
    {
        return Err(format!("unexpected byte in {owned:?}"));
    }
    Ok(())
}

#[test]
fn urlencoded_parser() {
    let data = load();
    let (mut passed, mut failed) = (0, 0);
    let mut report = String::new();
    let mut run = |label: &str, input: &[u8], want: &Pairs, via_str: Option<&str>| {
        let mut problems = Vec::new();
        match core_parse(input) {
            Ok(got) if &got == want => {}
            Ok(got) => problems.push(format!("url-core: {got:?}")),
            Err(e) => problems.push(format!("url-core: {e}")),
        }
        let params = match via_str {
            Some(s) => UrlSearchParams::parse(s),
            None => UrlSearchParams::parse_bytes(input),
        };
        let got: Pairs = params.iter().map(|(n, v)| (n.into(), v.into())).collect();
        if &got != want {
            problems.push(format!("UrlSearchParams: {got:?}"));
        }
        if let Err(e) = serialize_roundtrip(want) {
            problems.push(e);
        }
        if problems.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            report.push_str(&format!("{label}: want {want:?}\n"));
            for p in problems {
                report.push_str(&format!("    {p}\n"));
            }
        }
    };
    for case in data["cases"].as_array().expect("cases") {
        let input = case["input"].as_str().expect("input");
        run(
            &format!("{input:?}"),
            input.as_bytes(),
            &pairs(&case["output"]),
            Some(input),
        );
    }
    for case in data["bytes"].as_array().expect("bytes") {
        // Each char U+0000..U+00FF stands for one byte.
        let input: Vec<u8> = case["input"]
            .as_str()
            .expect("input")
            .chars()
            .map(|c| u8::try_from(u32::from(c)).expect("a byte"))
            .collect();
        run(
            &format!("bytes {input:?}"),
            &input,
            &pairs(&case["output"]),
            None,
        );
    }
    print!("{report}");
    println!("urlencoded: {passed} passed, {failed} failed");
    assert!(passed >= 40, "only {passed} cases");
    assert_eq!(failed, 0, "{report}");
}

#[test]
fn decoding_matches_lossy_utf8_on_every_two_byte_sequence() {
    // Exhaustive over two percent-encoded bytes plus a truncation: the
    // Encoding Standard's UTF-8 decoder and from_utf8_lossy agree.
    let mut buf = [0u8; 64];
    for a in 0u16..=255 {
        for b in [
            0x00u16, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4,
            0xFF,
        ] {
            let raw = format!("%{a:02X}%{b:02X}%E2%82");
            let bytes = [a as u8, b as u8, 0xE2, 0x82];
            let want = String::from_utf8_lossy(&bytes);
            let mut out = SliceStorage::new(&mut buf);
            let piece = form_urlencoded::Piece::new(raw.as_bytes());
            let got = piece.decode(&mut out).unwrap();
            assert_eq!(got, want, "{raw}");
        }
    }
}

#[test]
fn zero_copy_when_nothing_to_decode() {
    let input = "a=1&bb=two&c=%zz&d";
    for (name, value) in form_urlencoded::parse(input.as_bytes()) {
        for piece in [name, value] {
            let s = piece.as_str().expect("borrowed");
            // Points into the input.
            let start = s.as_ptr() as usize - input.as_ptr() as usize;
            assert!(start + s.len() <= input.len());
        }
    }
    let (name, _) = form_urlencoded::parse(b"a+b=c").next().unwrap();
    assert!(name.needs_decoding());
    // A capacity error leaves the caller's buffer as it was.
    let mut buf = [0u8; 4];
    let mut out = SliceStorage::new(&mut buf);
    assert!(name.decode_into(&mut out).is_ok());
    assert!(form_urlencoded::Piece::new(b"%41%42")
        .decode_into(&mut out)
        .is_err());
    assert_eq!(out.as_str(), "a b");
    let mut tiny = [0u8; 3];
    let mut out = SliceStorage::new(&mut tiny);
    assert!(encode_into("a b c", &mut out).is_err());
    assert_eq!(out.as_str(), "");
}

#[test]
fn arbitrary_bytes_never_panic_and_round_trip() {
    // A small deterministic generator biased towards the interesting bytes.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    const ALPHABET: &[u8] = b"%+=&aF9 \x00\x7f\x80\xbf\xc2\xe0\xed\xef\xf0\xf4\xff";
    let mut cases = 0;
    for _ in 0..3000 {
        let len = (next() % 24) as usize;
        let input: Vec<u8> = (0..len)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
            .collect();
        let params = UrlSearchParams::parse_bytes(&input);
        let list: Pairs = params
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        assert_eq!(core_parse(&input).unwrap(), list, "{input:?}");
        serialize_roundtrip(&list).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        // Tiny buffers: errors, never panics or partial writes.
        for cap in [0usize, 1, 3, 7] {
            let mut buf = vec![0u8; cap];
            let mut out = SliceStorage::new(&mut buf);
            for (n, v) in form_urlencoded::parse(&input) {
                let before = out.as_str().len();
                if n.decode_into(&mut out).is_err() {
                    assert_eq!(out.as_str().len(), before);
                }
                let _ = v.decode(&mut out);
            }
            let mut buf = vec![0u8; cap];
            let mut ser = Serializer::new(SliceStorage::new(&mut buf));
            for (n, v) in &list {
                let before = ser.storage().as_str().len();
                if ser.append_pair(n, v).is_err() {
                    assert_eq!(ser.storage().as_str().len(), before);
                }
            }
        }
        cases += 1;
    }
    println!("urlencoded-robustness: {cases} passed, 0 failed");
}
