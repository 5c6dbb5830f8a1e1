"""The kernel's route helpers: path parameters carrying an entity's identity (`path_id`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import FastAPI

from arcadia.apps.kernel import Id, path_id

JobId = Annotated[Id, path_id("AtsJobId", "The job's id.")]
RowId = Annotated[str, path_id("TableRowId", "Row id.", alias="rowId", max_length=8)]


def test_path_id_documents_the_entity_the_alias_and_the_type():
    app = FastAPI()

    @app.get("/jobs/{job_id}/rows/{rowId}")
    async def read(job_id: JobId, row: RowId) -> None: ...

    job, row = app.openapi()["paths"]["/jobs/{job_id}/rows/{rowId}"]["get"]["parameters"]
    assert job["name"] == "job_id" and job["in"] == "path" and job["required"]
    assert job["description"] == "The job's id."
    assert job["schema"]["type"] == "integer" and job["schema"]["x-entity"] == "AtsJobId"
    assert (job["schema"]["minimum"], job["schema"]["maximum"]) == (0, 2**53 - 1)
    assert row["name"] == "rowId" and row["schema"]["type"] == "string"
    assert row["schema"]["x-entity"] == "TableRowId" and row["schema"]["maxLength"] == 8
