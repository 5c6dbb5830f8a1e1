"""Scheduled interviews and scorecards."""

from __future__ import annotations

from pydantic import BaseModel, Field

from arcadia.apps.ats.schemas.common import IdName, Strict, UserRef, d
from arcadia.apps.kernel import Id


class InterviewStepRef(IdName):
    id: int = d("Id.", ent="AtsInterviewStepId")


class DateTime(BaseModel):
    date_time: str | None = d("ISO 8601 timestamp (null for an all-day interview).")
    date: str | None = d("The day of an all-day interview (else null).")


class InterviewerPublic(BaseModel):
    id: int = d("The interviewer's user id.", ent="AtsUserId")
    employee_id: str | None = d("Their employee id.", ent="EmployeeNumber")
    name: str = d("Their name.", ent="PersonName")
    email: str = d("Their e-mail.", ent="Email")
    response_status: str = d("needs_action, declined, tentative or accepted.")
    scorecard_id: int | None = d("The scorecard they submitted, or null.", ent="AtsScorecardId")


class ScheduledInterviewPublic(BaseModel):
    id: int = d("The scheduled interview's id.", ent="AtsScheduledInterviewId")
    application_id: int = d("The application.", ent="AtsApplicationId")
    external_event_id: str | None = d("The calendar event.")
    created_at: str = d("When scheduled.")
    updated_at: str = d("When last changed.")
    start: DateTime = d("Start.")
    end: DateTime = d("End.")
    location: str | None = d("Where.")
    video_conferencing_url: str | None = d("The video call link.")
    status: str = d("scheduled, awaiting_feedback or complete.")
    interview: InterviewStepRef | None = d("The job stage's interview step.")
    organizer: UserRef | None = d("Who organised it.")
    interviewers: list[InterviewerPublic] = d("Who interviews.")


class InterviewerIn(Strict):
    user_id: Id | None = d("The interviewer's user id (or email).", ent="AtsUserId")
    email: str | None = d("The interviewer's e-mail (or user_id).", ent="Email")
    response_status: str | None = d("needs_action, declined, tentative or accepted.")


class ScheduledInterviewCreate(Strict):
    application_id: Id = d("The application.", ent="AtsApplicationId")
    interview_id: Id = d("The interview step of the application's current stage.",
                         ent="AtsInterviewStepId")
    interviewers: list[InterviewerIn] = Field(min_length=1, max_length=20,
                                              description="Who interviews.")
    start: str = d("Start, ISO 8601.")
    end: str = d("End, ISO 8601.")
    external_event_id: str = Field(min_length=1, max_length=255,
                                   description="The calendar event's id.")
    location: str | None = Field(None, max_length=500, description="Where.")


class ScheduledInterviewUpdate(Strict):
    interviewers: list[InterviewerIn] | None = Field(None, min_length=1, max_length=20,
                                                     description="Who interviews.")
    start: str | None = d("Start, ISO 8601.")
    end: str | None = d("End, ISO 8601.")
    external_event_id: str | None = Field(None, max_length=255, description="Calendar id.")
    location: str | None = Field(None, max_length=500, description="Where.")


class ScorecardAttribute(BaseModel):
    name: str = d("The attribute.")
    type: str = d("Its focus area.")
    note: str | None = d("A note.")
    rating: str = d("definitely_not, no, mixed, yes, strong_yes or no_decision.")


class Ratings(BaseModel):
    definitely_not: list[str] = d("Attributes rated definitely not.")
    no: list[str] = d("Attributes rated no.")
    mixed: list[str] = d("Attributes rated mixed.")
    yes: list[str] = d("Attributes rated yes.")
    strong_yes: list[str] = d("Attributes rated strong yes.")


class ScorecardQuestion(BaseModel):
    id: int | None = d("The question's id.", ent="AtsScorecardQuestionId")
    question: str = d("The question.")
    answer: str = d("The answer.")


class ScorecardPublic(BaseModel):
    id: int = d("The scorecard's id.", ent="AtsScorecardId")
    updated_at: str = d("When last changed.")
    created_at: str = d("When created.")
    interview: str = d("The interview's name.")
    interview_step: InterviewStepRef | None = d("The interview step.")
    candidate_id: int = d("The candidate.", ent="AtsCandidateId")
    application_id: int = d("The application.", ent="AtsApplicationId")
    interviewed_at: str = d("When the interview took place.")
    submitted_by: UserRef = d("Who submitted it.")
    interviewer: UserRef = d("Who interviewed.")
    submitted_at: str = d("When submitted.")
    overall_recommendation: str = d("definitely_not, no, yes, strong_yes or no_decision.")
    attributes: list[ScorecardAttribute] = d("Rated attributes.")
    ratings: Ratings = d("Attribute names by rating.")
    questions: list[ScorecardQuestion] = d("Questions answered.")
