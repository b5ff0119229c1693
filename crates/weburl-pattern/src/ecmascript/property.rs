//! `\p{…}`: the property names and values ECMAScript accepts, spelled
//! exactly as its tables (ECMA-262 §22.2.2.9, "Table 67" to "Table 69")
//! and Unicode's PropertyValueAliases give them — no loose matching — and
//! their code points from regex-syntax's Unicode tables.

use super::set::{CodePointSet, MAX};
use crate::error::{Error, ErrorKind};

/// What a property expression denotes.
pub(crate) enum Property {
    /// A set of code points.
    Set(CodePointSet),
    /// A property of strings (`v` mode only): `Basic_Emoji`, `RGI_Emoji` …
    Strings,
}

fn syntax() -> Error {
    Error::new(ErrorKind::Regex)
}

/// General_Category values: the name regex-syntax is given, then every
/// spelling ECMAScript accepts.
const GENERAL_CATEGORY: &[&[&str]] = &[
    &["Cased_Letter", "LC"],
    &["Close_Punctuation", "Pe"],
    &["Connector_Punctuation", "Pc"],
    &["Control", "Cc", "cntrl"],
    &["Currency_Symbol", "Sc"],
    &["Dash_Punctuation", "Pd"],
    &["Decimal_Number", "Nd", "digit"],
    &["Enclosing_Mark", "Me"],
    &["Final_Punctuation", "Pf"],
    &["Format", "Cf"],
    &["Initial_Punctuation", "Pi"],
    &["Letter", "L"],
    &["Letter_Number", "Nl"],
    &["Line_Separator", "Zl"],
    &["Lowercase_Letter", "Ll"],
    &["Mark", "M", "Combining_Mark"],
    &["Math_Symbol", "Sm"],
    &["Modifier_Letter", "Lm"],
    &["Modifier_Symbol", "Sk"],
    &["Nonspacing_Mark", "Mn"],
    &["Number", "N"],
    &["Open_Punctuation", "Ps"],
    &["Other", "C"],
    &["Other_Letter", "Lo"],
    &["Other_Number", "No"],
    &["Other_Punctuation", "Po"],
    &["Other_Symbol", "So"],
    &["Paragraph_Separator", "Zp"],
    &["Private_Use", "Co"],
    &["Punctuation", "P", "punct"],
    &["Separator", "Z"],
    &["Space_Separator", "Zs"],
    &["Spacing_Mark", "Mc"],
    &["Surrogate", "Cs"],
    &["Symbol", "S"],
    &["Titlecase_Letter", "Lt"],
    &["Unassigned", "Cn"],
    &["Uppercase_Letter", "Lu"],
];

/// Binary Unicode properties (Table 68): name, then its alias if any.
const BINARY: &[&[&str]] = &[
    &["ASCII"],
    &["ASCII_Hex_Digit", "AHex"],
    &["Alphabetic", "Alpha"],
    &["Any"],
    &["Assigned"],
    &["Bidi_Control", "Bidi_C"],
    &["Bidi_Mirrored", "Bidi_M"],
    &["Case_Ignorable", "CI"],
    &["Cased"],
    &["Changes_When_Casefolded", "CWCF"],
    &["Changes_When_Casemapped", "CWCM"],
    &["Changes_When_Lowercased", "CWL"],
    &["Changes_When_NFKC_Casefolded", "CWKCF"],
    &["Changes_When_Titlecased", "CWT"],
    &["Changes_When_Uppercased", "CWU"],
    &["Dash"],
    &["Default_Ignorable_Code_Point", "DI"],
    &["Deprecated", "Dep"],
    &["Diacritic", "Dia"],
    &["Emoji"],
    &["Emoji_Component", "EComp"],
    &["Emoji_Modifier", "EMod"],
    &["Emoji_Modifier_Base", "EBase"],
    &["Emoji_Presentation", "EPres"],
    &["Extended_Pictographic", "ExtPict"],
    &["Extender", "Ext"],
    &["Grapheme_Base", "Gr_Base"],
    &["Grapheme_Extend", "Gr_Ext"],
    &["Hex_Digit", "Hex"],
    &["IDS_Binary_Operator", "IDSB"],
    &["IDS_Trinary_Operator", "IDST"],
    &["ID_Continue", "IDC"],
    &["ID_Start", "IDS"],
    &["Ideographic", "Ideo"],
    &["Join_Control", "Join_C"],
    &["Logical_Order_Exception", "LOE"],
    &["Lowercase", "Lower"],
    &["Math"],
    &["Noncharacter_Code_Point", "NChar"],
    &["Pattern_Syntax", "Pat_Syn"],
    &["Pattern_White_Space", "Pat_WS"],
    &["Quotation_Mark", "QMark"],
    &["Radical"],
    &["Regional_Indicator", "RI"],
    &["Sentence_Terminal", "STerm"],
    &["Soft_Dotted", "SD"],
    &["Terminal_Punctuation", "Term"],
    &["Unified_Ideograph", "UIdeo"],
    &["Uppercase", "Upper"],
    &["Variation_Selector", "VS"],
    &["White_Space", "space"],
    &["XID_Continue", "XIDC"],
    &["XID_Start", "XIDS"],
];

/// Binary properties of strings (Table 69), `v` mode only.
const STRINGS: [&str; 7] = [
    "Basic_Emoji",
    "Emoji_Keycap_Sequence",
    "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence",
    "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence",
    "RGI_Emoji",
];

fn find<'a>(table: &'a [&'a [&'a str]], name: &str) -> Option<&'a str> {
    table
        .iter()
        .find(|spellings| spellings.contains(&name))
        .and_then(|s| s.first().copied())
}

/// The code points of `\p{expression}` as regex-syntax knows them.
fn regex_syntax_set(expression: &str) -> Result<CodePointSet, Error> {
    let mut pattern = alloc::string::String::from("\\p{");
    pattern.push_str(expression);
    pattern.push('}');
    let hir = regex_syntax::Parser::new().parse(&pattern).map_err(|_| {
        Error::new(ErrorKind::RegexUnsupported(
            crate::error::RegexFeature::UnicodeData,
        ))
    })?;
    match hir.kind() {
        regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(class)) => {
            Ok(CodePointSet::from_ranges(
                class
                    .ranges()
                    .iter()
                    .map(|r| (r.start() as u32, r.end() as u32)),
            ))
        }
        // A one-code-point class (Zl, Zp) comes back as a literal.
        regex_syntax::hir::HirKind::Literal(lit) => {
            let c = core::str::from_utf8(&lit.0)
                .ok()
                .and_then(|s| s.chars().next())
                .ok_or_else(syntax)?;
            Ok(CodePointSet::single(c as u32))
        }
        _ => Err(syntax()),
    }
}

fn general_category(canonical: &str) -> Result<CodePointSet, Error> {
    const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);
    match canonical {
        "Surrogate" => Ok(CodePointSet::from_ranges([SURROGATES])),
        "Other" => {
            Ok(regex_syntax_set("gc=Other")?.union(&CodePointSet::from_ranges([SURROGATES])))
        }
        _ => {
            let mut expression = alloc::string::String::from("gc=");
            expression.push_str(canonical);
            regex_syntax_set(&expression)
        }
    }
}

fn script(value: &str, extensions: bool) -> Result<CodePointSet, Error> {
    let script = unicode_script::Script::from_full_name(value)
        .or_else(|| unicode_script::Script::from_short_name(value))
        .or(match value {
            "Qaac" => Some(unicode_script::Script::Coptic),
            "Qaai" => Some(unicode_script::Script::Inherited),
            _ => None,
        })
        .ok_or_else(syntax)?;
    let mut expression = alloc::string::String::from(if extensions { "scx=" } else { "sc=" });
    expression.push_str(script.full_name());
    regex_syntax_set(&expression)
}

/// UnicodePropertyValueExpression: `Name=Value` or a lone name or value.
pub(crate) fn lookup(expression: &str) -> Result<Property, Error> {
    if let Some((name, value)) = expression.split_once('=') {
        return match name {
            "General_Category" | "gc" => {
                general_category(find(GENERAL_CATEGORY, value).ok_or_else(syntax)?)
                    .map(Property::Set)
            }
            "Script" | "sc" => script(value, false).map(Property::Set),
            "Script_Extensions" | "scx" => script(value, true).map(Property::Set),
            _ => Err(syntax()),
        };
    }
    if let Some(canonical) = find(GENERAL_CATEGORY, expression) {
        return general_category(canonical).map(Property::Set);
    }
    if STRINGS.contains(&expression) {
        return Ok(Property::Strings);
    }
    let canonical = find(BINARY, expression).ok_or_else(syntax)?;
    let set = match canonical {
        "Any" => CodePointSet::from_ranges([(0, MAX)]),
        "ASCII" => CodePointSet::from_ranges([(0, 0x7F)]),
        "Assigned" => general_category("Unassigned")?
            .union(&CodePointSet::new())
            .complement(),
        _ => regex_syntax_set(canonical)?,
    };
    Ok(Property::Set(set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_resolves() {
        for spellings in GENERAL_CATEGORY.iter().chain(BINARY) {
            for s in *spellings {
                // Not in regex-syntax's tables (DerivedNormalizationProps).
                if spellings[0] == "Changes_When_NFKC_Casefolded" {
                    let unsupported =
                        ErrorKind::RegexUnsupported(crate::error::RegexFeature::UnicodeData);
                    assert!(
                        matches!(lookup(s), Err(e) if *e.kind() == unsupported),
                        "{s}"
                    );
                    continue;
                }
                assert!(matches!(lookup(s), Ok(Property::Set(_))), "{s}");
            }
        }
        for s in [
            "sc=Latin",
            "sc=Latn",
            "scx=Grek",
            "Script=Qaai",
            "gc=Lu",
            "General_Category=Letter",
        ] {
            assert!(matches!(lookup(s), Ok(Property::Set(_))), "{s}");
        }
    }

    #[test]
    fn strict_spelling() {
        for s in [
            "lu",
            "uppercase_letter",
            "sc=latin",
            "Script=latn",
            "alpha",
            "Foo",
            "gc=",
            "=Lu",
            "Lu=Lu",
        ] {
            assert!(lookup(s).is_err(), "{s}");
        }
    }

    // UnicodeData.txt: U+0041 is Lu, U+0370 Greek, U+D800 a surrogate.
    #[test]
    fn sets() {
        let Ok(Property::Set(lu)) = lookup("Lu") else {
            panic!()
        };
        assert!(lu.contains(0x41) && !lu.contains(0x61));
        let Ok(Property::Set(greek)) = lookup("sc=Greek") else {
            panic!()
        };
        assert!(greek.contains(0x370));
        let Ok(Property::Set(cs)) = lookup("Cs") else {
            panic!()
        };
        assert!(cs.contains(0xD800));
        let Ok(Property::Set(assigned)) = lookup("Assigned") else {
            panic!()
        };
        assert!(assigned.contains(0x41) && !assigned.contains(0x378));
    }
}
