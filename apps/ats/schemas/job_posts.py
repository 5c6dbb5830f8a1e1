"""Job posts: the public face of a job, its location and application questions."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import Strict, d


class LocationType(BaseModel):
    id: int = d("Id.")
    name: str = d("Name.")


class JobPostLocation(BaseModel):
    id: int | None = d("The location's id.")
    name: str | None = d("Where the job is.")
    office_id: int | None = d("The office.", ent="AtsOfficeId")
    job_post_custom_location_id: int | None = d("A custom location, or null.")
    job_post_location_type: LocationType = d("Free text, office or custom.")


class QuestionValue(BaseModel):
    label: str = d("Label.")
    value: int = d("Value.")


class JobPostQuestion(BaseModel):
    required: bool | None = d("Whether an answer is required.")
    private: bool = d("Whether answers are private.")
    label: str = d("The question.")
    name: str = d("The answer's field name.")
    type: str = d("input_text, textarea, input_file, multi_value_single_select, ...")
    values: list[QuestionValue] = d("Options of a select question.")
    description: str | None = d("Help text.")


class JobPostPublic(BaseModel):
    id: int = d("The post's id.", ent="AtsJobPostId")
    active: bool = d("Whether the post is active.")
    live: bool = d("Whether it is live on a job board.")
    first_published_at: str | None = d("When first published.")
    title: str = d("The public title.")
    location: JobPostLocation = d("The location shown.")
    internal: bool = d("Whether it is on the internal board.")
    external: bool = d("Whether it is on the external board.")
    job_id: int = d("The job.", ent="AtsJobId")
    content: str = d("The post's content (HTML).")
    internal_content: str | None = d("Content for the internal board.")
    updated_at: str = d("When last changed.")
    created_at: str = d("When created.")
    demographic_question_set_id: int | None = d("The demographic question set, or null.")
    questions: list[JobPostQuestion] = d("The application form's questions.")


class CustomLocation(BaseModel):
    id: int = d("Id.")
    value: str = d("The location text.")
    active: bool = d("Active.")
    greenhouse_job_board_id: int = d("The board.")
    created_at: str = d("When created.")
    updated_at: str = d("When last changed.")


class JobPostUpdate(Strict):
    title: str | None = Field(None, min_length=1, max_length=255, description="New title.")
    location: str | None = d("New location text.")
    content: str | None = d("New content (HTML).")


class JobPostStatus(Strict):
    status: str = d("live or offline.")
