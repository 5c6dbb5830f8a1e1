"""The kernel's page/per headers (`page_headers`), as Gusto and Greenhouse send them."""

from __future__ import annotations

from starlette.datastructures import URL

from arcadia.apps.kernel import Page, page_headers

URL_ = URL("http://test/v1/things?page=2&per=2&sort=name")


def test_gusto_sends_the_counts_then_the_link():
    headers = page_headers(URL_, Page(["c", "d"], 2, 2, 5))
    assert list(headers) == ["X-Page", "X-Per-Page", "X-Total-Count", "X-Total-Pages", "Link"]
    assert [headers[k] for k in list(headers)[:4]] == ["2", "2", "5", "3"]
    base = "http://test/v1/things?sort=name"
    assert headers["Link"] == (f'<{base}&page=1&per=2>; rel="first", '
                               f'<{base}&page=3&per=2>; rel="last", '
                               f'<{base}&page=1&per=2>; rel="prev", '
                               f'<{base}&page=3&per=2>; rel="next"')


def test_greenhouse_sends_the_link_only_with_its_own_page_size_name():
    url = URL("http://test/v1/candidates?per_page=100")
    headers = page_headers(url, Page([], 1, 100, 0), per_param="per_page", counts=False)
    assert headers == {"Link": '<http://test/v1/candidates?page=1&per_page=100>; rel="first", '
                               '<http://test/v1/candidates?page=1&per_page=100>; rel="last"'}
