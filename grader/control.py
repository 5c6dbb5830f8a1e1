"""The control plane's grading route: `POST /admin/episodes/{id}/grade` with a task body."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException

from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.kernel.admin import EpisodeDep, require_admin
from arcadia.grader.checks import GradeContext
from arcadia.grader.diff import Diff
from arcadia.grader.score import grade
from arcadia.grader.task import Task, TaskFormatError, check_names


def install_grading(server: FastAPI, store: EpisodeStore) -> None:
    """Add the grading route to an embedded server built by `create_server`."""
    router = APIRouter(prefix="/admin", tags=["admin"], dependencies=[Depends(require_admin)])

    @router.post("/episodes/{episode_id}/grade", operation_id="admin_grade_episode",
                 summary="Grade the episode's current state against a task.",
                 description="Returns the grade: `outcome` (pass, fail or ungradeable), "
                 "`score` (null when ungradeable), `reason`, and every check and guard "
                 "(guards with their state: not_triggered, complied or breached). A task "
                 "whose checks or guards name an unknown app, table or field is refused "
                 "with 422.")
    async def grade_episode(ep: EpisodeDep, task: Task) -> dict[str, Any]:
        try:
            check_names(task, f"task {task.id}")
        except TaskFormatError as e:
            raise HTTPException(422, str(e)) from None
        diff = Diff.from_rows(ep.changes(), store.apps)
        return grade(task, GradeContext(diff, ep.template.source)).model_dump()

    server.include_router(router)
