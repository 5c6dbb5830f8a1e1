"""A test world with mail in it: the standard world plus a few threads between colleagues
(`fill`), so the mail tests do not depend on the world generator's volumes."""

from __future__ import annotations

from datetime import timedelta

from fastapi import FastAPI

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.kernel.templates import world_source
from arcadia.apps.registry import load_specs
from arcadia.grader.control import install_grading
from arcadia.world import World, WorldSpec
from arcadia.world.comms import EmailAddress, Mail, MailAttachment, MailFolderTruth


def cast(world: World) -> list[EmailAddress]:
    """Six active people of the world, as mail addresses."""
    active = [p for p in world.people if p.status != "terminated"][:6]
    return [EmailAddress(f"{p.first_name} {p.last_name}", p.email.lower()) for p in active]


def fill(world: World) -> None:
    """Only these: three threads, an external mail, notes and a custom folder among
    `cast(world)` (the generated mail is replaced, so counts are the test's own)."""
    world.comms.mail.clear()
    world.comms.folders.clear()
    a, b, c, d, e, f = cast(world)
    t0 = world.spec.now - timedelta(days=10)
    vendor = EmailAddress("Sam Vendor", "sam@acme-supplies.example")
    world.comms.folders.append(MailFolderTruth("fold-t-1", world.people[
        [p.email.lower() for p in world.people].index(b.address)].id, "Projects", "inbox"))
    world.comms.mail.extend([
        Mail("mail-t-1", "conv-t-1", t0, a, (b, c), "Q3 budget review",
             "Please review the Q3 budget before Friday.", "colleague", cc=(d,),
             importance="high", unread_by=(b.address,),
             attachments=(MailAttachment("budget.xlsx", "application/vnd.ms-excel", 18_000),)),
        Mail("mail-t-2", "conv-t-1", t0 + timedelta(hours=2), b, (a,), "RE: Q3 budget review",
             "Looks fine to me.", "colleague", cc=(c, d), in_reply_to="mail-t-1",
             flagged_by=(a.address,)),
        Mail("mail-t-3", "conv-t-3", t0 + timedelta(days=1), c, (b,), "Offsite logistics",
             "Bus leaves at 8.", "colleague", bcc=(e,), categories=("Blue category",),
             filed=((b.address, "fold-t-1"),)),
        Mail("mail-t-4", "conv-t-4", t0 + timedelta(days=2), vendor, (b,),
             "Invoice 4471", "Attached is invoice 4471 for 12,400.00.", "vendor",
             unread_by=(b.address,)),
    ] + [Mail(f"mail-t-n{i}", f"conv-t-n{i}", t0 + timedelta(days=3, minutes=i), f, (b,),
              f"Weekly note {i}", f"Note number {i}.", "notification") for i in range(12)])


def mail_harness(apps: tuple[str, ...] = ("mail",)) -> tuple[FastAPI, EpisodeStore]:
    """A server hosting `apps` whose worlds carry `fill`'s mail."""
    def generate(spec: WorldSpec) -> World:
        world = world_source(spec).world
        fill(world)
        return world

    store = EpisodeStore(load_specs(apps), generate=generate)
    server = create_server(list(store.apps.values()), store)
    install_grading(server, store)
    return server, store
