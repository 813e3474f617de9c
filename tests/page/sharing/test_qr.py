import zxingcpp

from archipelago.page.sharing.qr import qr_svg
from tests.support.qrread import decode_svg


def test_a_link_becomes_a_qr_code_that_reads_back_as_the_same_link():
    link = "http://127.0.0.1:8000/index.html#game=eyJnYW1lIjoiYXJjaGlwZWxhZ28ifQ"
    svg, problem = qr_svg(link)
    assert problem == "" and svg.startswith("<svg") and 'class="qr"' in svg
    assert decode_svg(svg) == link
    assert zxingcpp.__name__  # the decoder of the browser test too


def test_a_link_too_long_for_any_code_is_said_instead():
    svg, problem = qr_svg("http://x/#game=" + "A" * 5000)
    assert svg == "" and "too long for a QR code" in problem and "5,015" in problem
