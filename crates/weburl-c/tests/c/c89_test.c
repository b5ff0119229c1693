/* weburl.h from strict C89 (gcc -std=c89 -pedantic -Werror -Wall -Wextra):
 * the header compiles as C89, and the calls an Ada user reaches for work
 * from such a program. Built and run by tests/c_api.rs. Exit status 0 when
 * everything passes. */
#include "weburl.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

static void check(int ok, const char *what) {
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "FAIL: %s\n", what);
    }
}

static int str_is(weburl_str s, const char *want) {
    size_t n = strlen(want);
    return s.len == n && memcmp(s.ptr, want, n) == 0;
}

int main(void) {
    const char *input = "HTTPS://Example.COM:443/a/./b/../c d?x=1&y=2#frag";
    char buf[WEBURL_MAX_HREF_LEN_ASCII_HOST(64, 0)];
    char small[8];
    char out[64];
    char list[64];
    size_t n = 0;
    size_t len = 0;
    weburl_url url;
    weburl_url copy;
    weburl_status st;

    check(strlen(input) <= 64, "input fits the buffer's bound");
    st = weburl_parse(input, strlen(input), NULL, small, sizeof small, &url);
    check(st == WEBURL_STATUS_CAPACITY, "CAPACITY into 8 bytes");
    check(url.error.needed <= sizeof buf, "needed within WEBURL_MAX_HREF_LEN_ASCII_HOST");
    st = weburl_parse(input, strlen(input), NULL, buf, url.error.needed, &url);
    check(st == WEBURL_STATUS_OK, "retry with needed");
    check(str_is(weburl_href(&url), "https://example.com/a/c%20d?x=1&y=2#frag"), "href");
    check(buf[weburl_href(&url).len] == '\0', "a NUL after the URL");

    copy = url;
    check(weburl_set_hash(&url, "", 0) == WEBURL_STATUS_OK, "set_hash");
    check(weburl_href(&copy).len == 0, "a copy of a changed record reads empty");
    check(weburl_set_port(&copy, "1", 1) == WEBURL_STATUS_INVALID_URL, "and refuses setters");
    check(weburl_set_port(&url, "99999", 5) == WEBURL_STATUS_IGNORED, "an ignored port");

    check(weburl_can_parse("https://example.com", 19, NULL) == WEBURL_STATUS_OK, "can_parse");
    check(weburl_can_parse("c", 1, &url) == WEBURL_STATUS_OK, "can_parse with a base");
    check(weburl_can_parse("https://[::1", 12, NULL) == WEBURL_STATUS_INVALID, "can_parse fails");

    st = weburl_origin(&url, out, sizeof out, &n);
    check(st == WEBURL_STATUS_OK && n == 19 && memcmp(out, "https://example.com", 19) == 0,
          "origin");

    {
        weburl_str search = weburl_search(&url);
        st = weburl_search_params_parse(search.ptr, search.len, list, sizeof list, &len);
    }
    check(st == WEBURL_STATUS_OK && len == 7, "search params");
    st = weburl_search_params_delete(list, sizeof list, &len, "x", 1, NULL, 0);
    check(st == WEBURL_STATUS_OK && len == 3 && memcmp(list, "y=2", 3) == 0, "delete");
    check(weburl_search_params_has(list, len, "y", 1, "2", 1) == WEBURL_STATUS_OK, "has");
    check(weburl_set_search(&url, list, len) == WEBURL_STATUS_OK, "set_search");
    check(str_is(weburl_href(&url), "https://example.com/a/c%20d?y=2"), "href after set_search");

    st = weburl_domain_to_ascii("EXAMPLE.com", 11, false, out, sizeof out, &n);
    check(st == WEBURL_STATUS_OK && n == 11, "domain_to_ascii");
    st = weburl_domain_to_unicode("example.com", 11, out, sizeof out, &n);
    check(st == WEBURL_STATUS_OK && n == 11, "domain_to_unicode");
    check(WEBURL_MAX_DOMAIN_TO_ASCII_LEN(11) >= 11 && WEBURL_MAX_DOMAIN_TO_UNICODE_LEN(11) >= 11,
          "domain macros");
    check(WEBURL_MAX_HREF_LEN(10, 5) >= WEBURL_MAX_HREF_LEN_ASCII_HOST(10, 5), "href macros");

    check(strcmp(weburl_version(), WEBURL_VERSION) == 0, "version");
    check(WEBURL_VERSION_MAJOR >= 0, "version macros");
    check(strcmp(weburl_status_name(WEBURL_STATUS_NOT_FOUND), "WEBURL_STATUS_NOT_FOUND") == 0,
          "status name");

    printf("c89: %d checks, %d failures\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
