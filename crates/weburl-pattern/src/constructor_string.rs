//! Constructor string parsing (urlpattern.bs §1.6 "Constructor string
//! parsing"): splitting `"https://*.example.com/books/:id"` into a
//! `URLPatternInit` of pattern strings.

use crate::canonicalize::EncodingCallback;
use crate::component::{compile_a_component, Component};
use crate::error::Error;
use crate::init::UrlPatternInit;
use crate::parser::Options;
use crate::tokenizer::{tokenize, Token, TokenType, TokenizePolicy};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The constructor string parser's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

struct ConstructorStringParser<'a> {
    input: &'a str,
    token_list: Vec<Token<'a>>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    /// Signed, as in the standard: a stray `]` takes it below zero, and
    /// then no `:` is a port prefix.
    hostname_ipv6_bracket_depth: i64,
    protocol_matches_a_special_scheme_flag: bool,
    state: State,
}

/// "parse a constructor string".
///
/// ```
/// let init = weburl_pattern::parse_a_constructor_string("https://example.com/books/:id").unwrap();
/// assert_eq!(init.protocol.as_deref(), Some("https"));
/// assert_eq!(init.hostname.as_deref(), Some("example.com"));
/// assert_eq!(init.port.as_deref(), Some(""));
/// assert_eq!(init.pathname.as_deref(), Some("/books/:id"));
/// assert_eq!(init.search, None);
/// ```
pub fn parse_a_constructor_string(input: &str) -> Result<UrlPatternInit, Error> {
    let mut parser = ConstructorStringParser {
        input,
        token_list: tokenize(input, TokenizePolicy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme_flag: false,
        state: State::Init,
    };
    while parser.token_index < parser.token_list.len() {
        parser.token_increment = 1;
        if parser.current().ty == TokenType::End {
            if parser.state == State::Init {
                parser.rewind();
                if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else {
                    parser.change_state(State::Pathname, 0);
                }
                parser.token_index += parser.token_increment;
                continue;
            }
            if parser.state == State::Authority {
                parser.rewind_and_set_state(State::Hostname);
                parser.token_index += parser.token_increment;
                continue;
            }
            parser.change_state(State::Done, 0);
            break;
        }
        if parser.is_a_group_open() {
            parser.group_depth += 1;
            parser.token_index += parser.token_increment;
            continue;
        }
        if parser.group_depth > 0 {
            if parser.is_a_group_close() {
                parser.group_depth -= 1;
            } else {
                parser.token_index += parser.token_increment;
                continue;
            }
        }
        match parser.state {
            State::Init => {
                if parser.is_a_protocol_suffix() {
                    parser.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if parser.is_a_protocol_suffix() {
                    parser.compute_protocol_matches_a_special_scheme_flag()?;
                    let mut next_state = State::Pathname;
                    let mut skip = 1;
                    if parser.next_is_authority_slashes() {
                        next_state = State::Authority;
                        skip = 3;
                    } else if parser.protocol_matches_a_special_scheme_flag {
                        next_state = State::Authority;
                    }
                    parser.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if parser.is_an_identity_terminator() {
                    parser.rewind_and_set_state(State::Username);
                } else if parser.is_a_pathname_start()
                    || parser.is_a_search_prefix()
                    || parser.is_a_hash_prefix()
                {
                    parser.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if parser.is_a_password_prefix() {
                    parser.change_state(State::Password, 1);
                } else if parser.is_an_identity_terminator() {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if parser.is_an_identity_terminator() {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if parser.is_an_ipv6_open() {
                    parser.hostname_ipv6_bracket_depth =
                        parser.hostname_ipv6_bracket_depth.saturating_add(1);
                } else if parser.is_an_ipv6_close() {
                    parser.hostname_ipv6_bracket_depth =
                        parser.hostname_ipv6_bracket_depth.saturating_sub(1);
                } else if parser.is_a_port_prefix() && parser.hostname_ipv6_bracket_depth == 0 {
                    parser.change_state(State::Port, 1);
                } else if parser.is_a_pathname_start() {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if parser.is_a_pathname_start() {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Hash => {}
            // The loop breaks on entering "done".
            State::Done => break,
        }
        parser.token_index += parser.token_increment;
    }
    if parser.result.hostname.is_some() && parser.result.port.is_none() {
        parser.result.port = Some(String::new());
    }
    Ok(parser.result)
}

impl<'a> ConstructorStringParser<'a> {
    /// The token at the token index; the end token past the list (the loop
    /// only reads inside it).
    fn current(&self) -> Token<'a> {
        self.get_a_safe_token(self.token_index)
    }

    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        if !matches!(self.state, Init | Authority | Done) {
            let component = self.make_a_component_string();
            let slot = match self.state {
                Protocol => &mut self.result.protocol,
                Username => &mut self.result.username,
                Password => &mut self.result.password,
                Hostname => &mut self.result.hostname,
                Port => &mut self.result.port,
                Pathname => &mut self.result.pathname,
                Search => &mut self.result.search,
                _ => &mut self.result.hash,
            };
            *slot = Some(component);
        }
        if self.state != Init && new_state != Done {
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new_state, Search | Hash)
                && self.result.pathname.is_none()
            {
                self.result.pathname = Some(if self.protocol_matches_a_special_scheme_flag {
                    "/".to_string()
                } else {
                    String::new()
                });
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    fn get_a_safe_token(&self, index: usize) -> Token<'a> {
        if let Some(token) = self.token_list.get(index) {
            return *token;
        }
        // The list always ends with the end token.
        self.token_list.last().copied().unwrap_or(Token {
            ty: TokenType::End,
            index: self.input.len(),
            value: "",
        })
    }

    fn is_a_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.get_a_safe_token(index);
        if token.value != value {
            return false;
        }
        matches!(
            token.ty,
            TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
        )
    }

    fn is_a_protocol_suffix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    fn next_is_authority_slashes(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_a_non_special_pattern_char(self.token_index + 2, "/")
    }

    fn is_an_identity_terminator(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "@")
    }

    fn is_a_password_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    fn is_a_port_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    fn is_a_pathname_start(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "/")
    }

    fn is_a_search_prefix(&self) -> bool {
        if self.is_a_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.current().value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous_token = self.get_a_safe_token(previous_index);
        !matches!(
            previous_token.ty,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    fn is_a_hash_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "#")
    }

    fn is_a_group_open(&self) -> bool {
        self.current().ty == TokenType::Open
    }

    fn is_a_group_close(&self) -> bool {
        self.current().ty == TokenType::Close
    }

    fn is_an_ipv6_open(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "[")
    }

    fn is_an_ipv6_close(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "]")
    }

    fn make_a_component_string(&self) -> String {
        let token = self.current();
        let component_start_token = self.get_a_safe_token(self.component_start);
        let component_start_input_index = component_start_token.index;
        let end_index = token.index;
        self.input
            .get(component_start_input_index..end_index)
            .unwrap_or_default()
            .to_string()
    }

    fn compute_protocol_matches_a_special_scheme_flag(&mut self) -> Result<(), Error> {
        let protocol_string = self.make_a_component_string();
        let protocol_component: Component = compile_a_component(
            &protocol_string,
            EncodingCallback::Protocol,
            &Options::DEFAULT,
        )?;
        if protocol_component.matches_a_special_scheme() {
            self.protocol_matches_a_special_scheme_flag = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    // Expected inits derived from the state machine and its notes
    // (urlpattern.bs §1.6).
    #[test]
    fn components_and_defaults() {
        // "\\:" is a password prefix; ":p" would be a named group.
        let r = parse_a_constructor_string("https://u\\:p@a.com:8080/p?s#h").unwrap();
        assert_eq!(r.protocol, s("https"));
        assert_eq!(r.username, s("u"));
        assert_eq!(r.password, s("p"));
        assert_eq!(r.hostname, s("a.com"));
        assert_eq!(r.port, s("8080"));
        assert_eq!(r.pathname, s("/p"));
        assert_eq!(r.search, s("s"));
        assert_eq!(r.hash, s("h"));
        let r = parse_a_constructor_string("https://u:p@a.com").unwrap();
        assert_eq!((r.username, r.password), (s("u:p"), None));
        let r = parse_a_constructor_string("https://a.com?s").unwrap();
        assert_eq!(r.pathname, s("/"));
        let r = parse_a_constructor_string("data\\:foo").unwrap();
        // Leaving the protocol for the pathname sets an empty hostname.
        assert_eq!(
            (r.protocol, r.pathname, r.hostname),
            (s("data"), s("foo"), s(""))
        );
        // Unescaped, ":foo" is a named group: no protocol, a relative path.
        let r = parse_a_constructor_string("data:foo").unwrap();
        assert_eq!((r.protocol, r.pathname), (None, s("data:foo")));
    }

    #[test]
    fn relative_strings() {
        let r = parse_a_constructor_string("/foo?bar").unwrap();
        assert_eq!(
            (r.protocol, r.pathname, r.search),
            (None, s("/foo"), s("bar"))
        );
        let r = parse_a_constructor_string("#h").unwrap();
        assert_eq!(r.hash, s("h"));
        // A named group's "?" modifier is not a search prefix.
        let r = parse_a_constructor_string("/:id?").unwrap();
        assert_eq!((r.pathname, r.search), (s("/:id?"), None));
    }

    #[test]
    fn groups_and_ipv6_hide_separators() {
        let r = parse_a_constructor_string("https://[::1]:8080/").unwrap();
        assert_eq!((r.hostname, r.port), (s("[::1]"), s("8080")));
        let r = parse_a_constructor_string("https://a{.com:80}/").unwrap();
        assert_eq!(r.hostname, s("a{.com:80}"));
    }
}
