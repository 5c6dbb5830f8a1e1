"""The kernel's Graph item ids (`exchange_id`): mail's and calendar's ids as they always were
(they are in the worlds' state and the corpus)."""

from __future__ import annotations

import pytest

from arcadia.apps.calendar.common import graph_id
from arcadia.apps.kernel.odata import exchange_id
from arcadia.apps.mail.common import attachment_id, conversation_id, folder_id, message_id


def test_mail_ids_are_unchanged():
    assert message_id("mail-t-1") == \
        "AAMkADtgr4jqGYnkOYmHeERKXHD46UzXfvKf8sPUxRZA1OmZy2CviOoZieQ5iYd4Q="
    assert folder_id("p:1:inbox") == \
        "AQMkADEKiIolveLoLxSEopaLdefh6aJpknitb6dl8fwdAwvOUQqIiiW94ugvFISik="
    assert conversation_id("conv-t-1") == \
        "AAQkADzJPlZ0COqfAOmQM3t9yBqkBuCRWMc4fvyx3Sh_Wc1pnMk-VnQI6p8A6ZAzc="
    assert attachment_id("a:1") == \
        "AAMkADBbgqkCgv5JbRkZO8tlPA1JNRtycImT1rAfdi-i-QJ3wFuCqQKC_kltGRk7w="


def test_calendar_ids_are_unchanged():
    assert graph_id("event", "m-1") == "AAMkAZM0XTCENpNr35_6-sSxbF6l1eHpJl-eXXVTEEWKH"
    assert graph_id("calendar", "person:3:default") == \
        "AAMkAw6XEHtRqW29_NwDqZ2yA3HM39Xov5SQmOtPZGaae"


def test_ids_are_url_safe_and_sized():
    for size in (1, 30, 32, 44, 64):
        text = exchange_id("app", "kind", "key", prefix="P", size=size)
        assert text.startswith("P") and len(text) == 1 + 4 * -(-size // 3)
        assert not set(text) - set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                   "0123456789-_=")
    with pytest.raises(ValueError):
        exchange_id("app", "kind", "key", prefix="P", size=65)
