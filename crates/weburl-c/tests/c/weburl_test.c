/* The C ABI from C: WPT urltestdata cases (generated into wpt_cases.h by the
 * Rust driver tests/c_api.rs from data/wpt/urltestdata.json) and the error
 * paths. Compiled with gcc -std=c99 -Wall -Wextra -Werror -pedantic against
 * the host staticlib, and with arm-none-eabi-gcc for a Cortex-M4F by `cargo
 * xtask firmware` (newlib there lacks C99's %zu: sizes print as unsigned
 * long). Exit status 0 when everything passes. */
#include "weburl.h"

#include <stdio.h>
#include <string.h>

struct bytes {
    const char *s; /* NULL: absent (no base / a failure case's fields) */
    size_t len;
};

struct wpt_case {
    struct bytes input, base, href, protocol, username, password, host, hostname, port,
        pathname, search, hash;
    int failure;
};

#include "wpt_cases.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static int str_eq(weburl_str got, const char *want, size_t want_len) {
    return got.ptr != NULL && got.len == want_len && memcmp(got.ptr, want, want_len) == 0;
}

static int str_eqz(weburl_str got, const char *want) { return str_eq(got, want, strlen(want)); }

static const char *status(weburl_status st) { return weburl_status_name(st); }

static void check_field(size_t i, const char *name, weburl_str got, struct bytes want) {
    CHECK(str_eq(got, want.s, want.len), "case %lu: %s = \"%.*s\", want \"%.*s\"", (unsigned long)i, name,
          (int)got.len, got.ptr, (int)want.len, want.s);
}

static void wpt(void) {
    size_t n = sizeof WPT_CASES / sizeof WPT_CASES[0];
    size_t i, needs_idna = 0;
    for (i = 0; i < n; i++) {
        const struct wpt_case *c = &WPT_CASES[i];
        char base_buf[1024], buf[1024];
        weburl_url base, url;
        const weburl_url *basep = NULL;
        weburl_status st;
        if (c->base.s != NULL) {
            st = weburl_parse(c->base.s, c->base.len, NULL, base_buf, sizeof base_buf, &base);
            if (st != WEBURL_STATUS_OK) {
                CHECK(c->failure, "case %lu: base \"%.*s\" fails (%s) but the case expects a URL",
                      (unsigned long)i, (int)c->base.len, c->base.s, status(st));
                continue;
            }
            basep = &base;
        }
        st = weburl_parse(c->input.s, c->input.len, basep, buf, sizeof buf, &url);
        if (st == WEBURL_STATUS_IDNA_UNAVAILABLE) {
            /* A percent-encoded non-ASCII host, and a build without IDNA: a
             * typed answer, not a wrong one. */
            needs_idna++;
            continue;
        }
        if (c->failure) {
            CHECK(st == WEBURL_STATUS_INVALID, "case %lu: \"%.*s\" gives %s, want INVALID", (unsigned long)i,
                  (int)c->input.len, c->input.s, status(st));
            continue;
        }
        CHECK(st == WEBURL_STATUS_OK, "case %lu: \"%.*s\" gives %s", (unsigned long)i, (int)c->input.len,
              c->input.s, status(st));
        if (st != WEBURL_STATUS_OK) continue;
        check_field(i, "href", weburl_href(&url), c->href);
        check_field(i, "protocol", weburl_protocol(&url), c->protocol);
        check_field(i, "username", weburl_username(&url), c->username);
        check_field(i, "password", weburl_password(&url), c->password);
        check_field(i, "host", weburl_host(&url), c->host);
        check_field(i, "hostname", weburl_hostname(&url), c->hostname);
        check_field(i, "port", weburl_port(&url), c->port);
        check_field(i, "pathname", weburl_pathname(&url), c->pathname);
        check_field(i, "search", weburl_search(&url), c->search);
        check_field(i, "hash", weburl_hash(&url), c->hash);
    }
    printf("wpt: %lu urltestdata cases (%lu need IDNA, which this build lacks)\n", (unsigned long)n,
           (unsigned long)needs_idna);
}

static void error_paths(void) {
    char buf[64];
    weburl_url url;
    weburl_status st;

    /* A relative input with a NULL base: not a URL, with the standard's name. */
    st = weburl_parse("/path", 5, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_INVALID, "relative without base: %s", status(st));
    CHECK(str_eqz(url.error.validation_error, "missing-scheme-non-relative-URL"),
          "validation error name \"%.*s\"", (int)url.error.validation_error.len,
          url.error.validation_error.ptr);

    /* Strict parsing (issue 29): what a browser repairs is rejected, naming
     * the first validation error; a clean URL parses. */
    st = weburl_parse_with_flags("http:127.0.0.1/", 15, NULL, buf, sizeof buf,
                                 WEBURL_PARSE_STRICT, &url);
    CHECK(st == WEBURL_STATUS_STRICT, "strict http:127.0.0.1/: %s", status(st));
    CHECK(str_eqz(url.error.validation_error, "special-scheme-missing-following-solidus"),
          "strict error name \"%.*s\"", (int)url.error.validation_error.len,
          url.error.validation_error.ptr);
    CHECK(url.error.position == 5, "strict error position %lu", (unsigned long)url.error.position);
    st = weburl_parse_with_flags("https://example.com/a?b#c", 25, NULL, buf, sizeof buf,
                                 WEBURL_PARSE_STRICT, &url);
    CHECK(st == WEBURL_STATUS_OK, "strict clean URL: %s", status(st));

    /* Too small a buffer: CAPACITY, and error.needed is room with which the
     * same call succeeds (the exact length for an input that is already its
     * URL; a bound from the input otherwise). WEBURL_MAX_HREF_LEN_ASCII_HOST
     * is never too small for an ASCII host. */
    {
        const char *in = "https://example.com/a/long/enough/path?query#fragment";
        const char *messy = "HTTPS://Example.com:443/a/./b/../c d?q#f";
        size_t len = strlen(in);
        char small[16];
        char big[WEBURL_MAX_HREF_LEN_ASCII_HOST(64, 0)];
        st = weburl_parse(in, len, NULL, small, sizeof small, &url);
        CHECK(st == WEBURL_STATUS_CAPACITY, "small buffer: %s", status(st));
        CHECK(url.error.needed == len, "needed %lu", (unsigned long)url.error.needed);
        st = weburl_parse(in, len, NULL, big, url.error.needed, &url);
        CHECK(st == WEBURL_STATUS_OK, "retry with needed: %s", status(st));
        CHECK(str_eqz(weburl_href(&url), in), "href");
        st = weburl_parse(messy, strlen(messy), NULL, small, sizeof small, &url);
        CHECK(st == WEBURL_STATUS_CAPACITY && url.error.needed <= sizeof big, "messy: %s",
              status(st));
        st = weburl_parse(messy, strlen(messy), NULL, big, url.error.needed, &url);
        CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&url), "https://example.com/a/c%20d?q#f"),
              "messy retry with needed: %s", status(st));
        st = weburl_parse(messy, strlen(messy), NULL, big,
                          WEBURL_MAX_HREF_LEN_ASCII_HOST(strlen(messy), 0), &url);
        CHECK(st == WEBURL_STATUS_OK, "WEBURL_MAX_HREF_LEN_ASCII_HOST: %s", status(st));
    }

    /* Invalid UTF-8: position of the first bad byte. */
    st = weburl_parse("http://h/\xff", 10, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_INVALID_UTF8, "invalid UTF-8: %s", status(st));
    CHECK(url.error.position == 9, "UTF-8 error position %lu", (unsigned long)url.error.position);

    /* NULL arguments. */
    st = weburl_parse("http://h/", 9, NULL, NULL, 64, &url);
    CHECK(st == WEBURL_STATUS_NULL_ARGUMENT, "NULL buf: %s", status(st));
    st = weburl_parse("http://h/", 9, NULL, buf, sizeof buf, NULL);
    CHECK(st == WEBURL_STATUS_NULL_ARGUMENT, "NULL out: %s", status(st));
    st = weburl_parse(NULL, 9, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_NULL_ARGUMENT, "NULL input: %s", status(st));
    CHECK(weburl_href(NULL).len == 0, "getter on NULL");

    /* Parsing in place is refused, not undefined. */
    memcpy(buf, "http://h/x", 10);
    st = weburl_parse(buf, 10, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_OVERLAP, "overlap: %s", status(st));

    /* Port out of range: name and position. */
    st = weburl_parse("http://h:70000/", 15, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_INVALID, "port: %s", status(st));
    CHECK(str_eqz(url.error.validation_error, "port-out-of-range"), "port error name");
}

static void setters(void) {
    char buf[128];
    weburl_url url;
    weburl_status st = weburl_parse("http://example.com/p?q#f", 24, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_OK, "setter base: %s", status(st));
    st = weburl_set_pathname(&url, "/a b", 4);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&url), "http://example.com/a%20b?q#f"),
          "set_pathname: %s", status(st));
    st = weburl_set_search(&url, "", 0);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&url), "http://example.com/a%20b#f"),
          "set_search");
    st = weburl_set_host(&url, "EXAMPLE.org:8080", 16);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_host(&url), "example.org:8080") &&
              url.components.port_number == 8080,
          "set_host");
    st = weburl_set_protocol(&url, "https", 5);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_protocol(&url), "https:"), "set_protocol");
    st = weburl_set_port(&url, "443", 3);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&url), "https://example.org/a%20b#f"),
          "set_port default");
    st = weburl_set_hash(&url, "", 0);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&url), "https://example.org/a%20b"),
          "set_hash");

    /* A setter that does not fit leaves the URL as it was. */
    {
        char tiny[32];
        weburl_url t;
        st = weburl_parse("http://h/p", 10, NULL, tiny, sizeof tiny, &t);
        st = weburl_set_pathname(&t, "/this/path/is/much/too/long/for/it", 34);
        CHECK(st == WEBURL_STATUS_CAPACITY, "setter capacity: %s", status(st));
        CHECK(str_eqz(weburl_href(&t), "http://h/p"), "unchanged after CAPACITY");
    }

    /* A host with a port that does not fit: CAPACITY, and the record still
       holds its URL (the host used to be written before the port failed,
       leaving "http://exa" and INVALID_URL on the next call). */
    {
        char small[21];
        weburl_url t;
        st = weburl_parse("http://h/p", 10, NULL, small, sizeof small, &t);
        CHECK(st == WEBURL_STATUS_OK, "host+port base: %s", status(st));
        st = weburl_set_host(&t, "example.com:8080", 16);
        CHECK(st == WEBURL_STATUS_CAPACITY, "host+port capacity: %s", status(st));
        CHECK(str_eqz(weburl_href(&t), "http://h/p") && str_eqz(weburl_hostname(&t), "h"),
              "host+port: record unchanged");
        st = weburl_refresh(&t);
        CHECK(st == WEBURL_STATUS_OK, "host+port: refresh after CAPACITY: %s", status(st));
        st = weburl_set_pathname(&t, "/q", 2);
        CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&t), "http://h/q"),
              "host+port: next setter: %s", status(st));
    }
    {
        char small[8];
        weburl_url t;
        st = weburl_parse("sc:///p", 7, NULL, small, sizeof small, &t);
        CHECK(st == WEBURL_STATUS_OK, "empty host base: %s", status(st));
        st = weburl_set_host(&t, "h:80", 4);
        CHECK(st == WEBURL_STATUS_CAPACITY && str_eqz(weburl_href(&t), "sc:///p"),
              "empty host + port: %s", status(st));
    }

    /* What the standard ignores. */
    st = weburl_set_href(&url, "file:///etc", 11);
    CHECK(st == WEBURL_STATUS_OK, "set_href file");
    st = weburl_set_port(&url, "1", 1);
    CHECK(st == WEBURL_STATUS_IGNORED, "port on file: %s", status(st));
    st = weburl_set_href(&url, "no scheme", 9);
    CHECK(st == WEBURL_STATUS_INVALID && str_eqz(weburl_href(&url), "file:///etc"),
          "set_href invalid");
}

static void domains(void) {
    char out[64];
    size_t n = 0;
    weburl_status st = weburl_domain_to_ascii("Example.COM", 11, false, out, sizeof out, &n);
    CHECK(st == WEBURL_STATUS_OK && n == 11 && memcmp(out, "example.com", 11) == 0,
          "domain_to_ascii ASCII: %s", status(st));
    st = weburl_domain_to_ascii("a<b", 3, false, out, sizeof out, &n);
    CHECK(st == WEBURL_STATUS_INVALID, "forbidden code point: %s", status(st));
    {
        const char *d = "b\xc3\xbc" "cher.example";
        st = weburl_domain_to_ascii(d, strlen(d), false, out, sizeof out, &n);
    }
    CHECK(st == WEBURL_STATUS_IDNA_UNAVAILABLE ||
              (st == WEBURL_STATUS_OK && n == 21 && memcmp(out, "xn--bcher-kva.example", 21) == 0),
          "non-ASCII domain: %s, \"%.*s\"", status(st), (int)n, out);
    printf("domain_to_ascii of a non-ASCII domain: %s\n", status(st));
}

/* A copy of a record goes stale when a setter changes the original in the
 * shared buffer (issue 31): it reads empty and its setters refuse, where it
 * used to read leftover bytes and write a URL nobody parsed. */
static void stale_records(void) {
    char buf[64];
    weburl_url a, b, c;
    weburl_status st = weburl_parse("https://example.com/a/b/c?q", 27, NULL, buf, sizeof buf, &a);
    CHECK(st == WEBURL_STATUS_OK, "stale base: %s", status(st));
    b = a;
    st = weburl_set_pathname(&a, "/x", 2);
    CHECK(st == WEBURL_STATUS_OK && str_eqz(weburl_href(&a), "https://example.com/x?q"),
          "shrink: %s", status(st));
    CHECK(weburl_href(&b).len == 0 && weburl_hostname(&b).len == 0, "stale copy reads empty");
    st = weburl_set_hash(&b, "h", 1);
    CHECK(st == WEBURL_STATUS_INVALID_URL, "stale copy's setter: %s", status(st));
    CHECK(weburl_refresh(&b) == WEBURL_STATUS_INVALID_URL, "stale copy's refresh");
    CHECK(str_eqz(weburl_href(&a), "https://example.com/x?q"), "original intact");
    c = a;
    st = weburl_set_pathname(&a, "/x/and/more", 11);
    CHECK(st == WEBURL_STATUS_OK, "grow: %s", status(st));
    CHECK(weburl_href(&c).len == 0, "copy before growing reads empty");
    CHECK(weburl_set_search(&c, "", 0) == WEBURL_STATUS_INVALID_URL, "copy before growing: setter");
    c = a;
    CHECK(str_eqz(weburl_href(&c), "https://example.com/x/and/more?q"), "a fresh copy is current");
}

static void ada_like_calls(void) {
    char buf[96], out[96];
    size_t n = 0;
    weburl_url url;
    weburl_status st;

    CHECK(weburl_can_parse("https://example.com/", 20, NULL) == WEBURL_STATUS_OK, "can_parse");
    CHECK(weburl_can_parse("https://exa mple.com/", 21, NULL) == WEBURL_STATUS_INVALID,
          "can_parse invalid");
    CHECK(weburl_can_parse("/x", 2, NULL) == WEBURL_STATUS_INVALID, "can_parse relative");

    st = weburl_parse("https://user@EXAMPLE.com:8443/p?a=1&b=c+d#f", 43, NULL, buf, sizeof buf, &url);
    CHECK(st == WEBURL_STATUS_OK, "origin base: %s", status(st));
    CHECK(weburl_can_parse("../y", 4, &url) == WEBURL_STATUS_OK, "can_parse with a base");
    st = weburl_origin(&url, out, sizeof out, &n);
    CHECK(st == WEBURL_STATUS_OK && n == 24 && memcmp(out, "https://example.com:8443", 24) == 0,
          "origin: %s", status(st));
    st = weburl_origin(&url, out, 10, &n);
    CHECK(st == WEBURL_STATUS_CAPACITY && n == 24, "origin capacity: %s", status(st));

    /* URLSearchParams over a caller buffer, back into the URL. */
    {
        char list[64];
        size_t len = 0;
        weburl_str search = weburl_search(&url);
        st = weburl_search_params_parse(search.ptr, search.len, list, sizeof list, &len);
        CHECK(st == WEBURL_STATUS_OK && len == 9 && memcmp(list, "a=1&b=c+d", 9) == 0,
              "search params: %s", status(st));
        CHECK(weburl_search_params_size(list, len) == 2, "size");
        st = weburl_search_params_get(list, len, "b", 1, out, sizeof out, &n);
        CHECK(st == WEBURL_STATUS_OK && n == 3 && memcmp(out, "c d", 3) == 0, "get: %s", status(st));
        CHECK(weburl_search_params_get(list, len, "z", 1, out, sizeof out, &n) ==
                  WEBURL_STATUS_NOT_FOUND,
              "get missing");
        st = weburl_search_params_set(list, sizeof list, &len, "a", 1, "x&y", 3);
        CHECK(st == WEBURL_STATUS_OK, "set: %s", status(st));
        st = weburl_search_params_append(list, sizeof list, &len, "0", 1, "z", 1);
        CHECK(st == WEBURL_STATUS_OK, "append: %s", status(st));
        st = weburl_search_params_sort(list, sizeof list, &len);
        CHECK(st == WEBURL_STATUS_OK && len == 17 && memcmp(list, "0=z&a=x%26y&b=c+d", 17) == 0,
              "sort: %s \"%.*s\"", status(st), (int)len, list);
        st = weburl_set_search(&url, list, len);
        CHECK(st == WEBURL_STATUS_OK &&
                  str_eqz(weburl_href(&url), "https://user@example.com:8443/p?0=z&a=x%26y&b=c+d#f"),
              "set_search from the list: %s", status(st));
    }

    st = weburl_domain_to_unicode("EXAMPLE.com", 11, out, sizeof out, &n);
    CHECK(st == WEBURL_STATUS_OK && n == 11 && memcmp(out, "example.com", 11) == 0,
          "domain_to_unicode: %s", status(st));
    st = weburl_domain_to_unicode("xn--bcher-kva.example", 21, out, sizeof out, &n);
    CHECK(st == WEBURL_STATUS_IDNA_UNAVAILABLE ||
              (st == WEBURL_STATUS_OK && n == 15 && memcmp(out, "b\xc3\xbc" "cher.example", 15) == 0),
          "domain_to_unicode IDN: %s", status(st));

    CHECK(strcmp(weburl_version(), WEBURL_VERSION) == 0, "version %s", weburl_version());
}

int main(void) {
    wpt();
    error_paths();
    setters();
    domains();
    stale_records();
    ada_like_calls();
    printf("%d checks, %d failures\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
