//! URL rendering for trust decisions (url.bs §4.8), as `String`s: thin
//! wrappers over [`url_core::render`], whose docs describe what is shown,
//! what stays ASCII or percent-encoded, and how elision works.
//!
//! ```
//! use weburl::{render, Url};
//! let url = Url::parse("https://examplecorp.com@attacker.example/")?;
//! assert_eq!(render::display(&url), "https://attacker.example/");
//! assert_eq!(url.display_max(100), "https://attacker.example/");
//! # Ok::<(), weburl::ParseError>(())
//! ```

use crate::Url;
use alloc::string::String;
pub use url_core::render::{
    is_highly_restrictive, is_label_safe_to_show, is_safe_to_show, RenderOptions, Rendered,
    ELLIPSIS,
};

/// The display form of `url` with default options (no elision).
///
/// ```
/// let url = weburl::Url::parse("https://xn--bcher-kva.example/caf%C3%A9")?;
/// assert_eq!(weburl::render::display(&url), "https://bücher.example/café");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn display(url: &Url) -> String {
    display_with(url, &RenderOptions::default())
}

/// The display form of `url` with `options`.
///
/// ```
/// use weburl::render::{display_with, RenderOptions};
/// let url = weburl::Url::parse("https://examplecorp.com.evil.com/")?;
/// assert_eq!(display_with(&url, &RenderOptions::with_max_width(21)), "https://…com.evil.com");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn display_with(url: &Url, options: &RenderOptions) -> String {
    display_with_info(url, options).0
}

/// The display form of `url` with `options`, and what rendering did.
///
/// ```
/// use weburl::render::{display_with_info, RenderOptions};
/// let url = weburl::Url::parse("https://xn--pple-43d.com/")?; // "аpple" with a Cyrillic "а"
/// let (text, info) = display_with_info(&url, &RenderOptions::default());
/// assert_eq!(text, "https://xn--pple-43d.com/");
/// assert_eq!(info.ascii_labels, 1);
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn display_with_info(url: &Url, options: &RenderOptions) -> (String, Rendered) {
    let mut out = String::new();
    // A String only runs out of room when memory does; should it, show the
    // ASCII host alone rather than anything that could mislead.
    match url_core::render::render(url.as_url_core(), options, &mut out) {
        Ok(info) => (out, info),
        Err(_) => (String::from(url.hostname()), Rendered::default()),
    }
}

/// The display form of a serialized domain: Unicode labels where safe.
///
/// ```
/// assert_eq!(weburl::render::display_host("xn--bcher-kva.example"), "bücher.example");
/// ```
pub fn display_host(host: &str) -> String {
    let mut out = String::new();
    match url_core::render::render_host(host, &mut out) {
        Ok(_) => out,
        Err(_) => String::from(host),
    }
}

impl Url {
    /// The display form of this URL (url.bs §4.8); see [`display`].
    ///
    /// ```
    /// let url = weburl::Url::parse("https://user:pw@example.com/%C3%A9")?;
    /// assert_eq!(url.display(), "https://example.com/é");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn display(&self) -> String {
        display(self)
    }

    /// The display form elided to at most `max_width` characters (the
    /// registrable domain is always shown); see [`display_with`].
    ///
    /// ```
    /// let url = weburl::Url::parse("https://www.example.com/a/long/path")?;
    /// assert_eq!(url.display_max(24), "https://www.example.com…");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn display_max(&self, max_width: usize) -> String {
        display_with(self, &RenderOptions::with_max_width(max_width))
    }
}
