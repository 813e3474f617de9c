def test_page_becomes_ready(page):
    assert page.evaluate("document.body.dataset.ready") == "1"
