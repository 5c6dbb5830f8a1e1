"""Developer metadata: key/value pairs a program attaches to the spreadsheet, a sheet, or
rows/columns (which carry it as they move), and the lookups that find them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Id
from arcadia.apps.sheets.schemas.base import DimensionRange, In, compact, entity, opt

LocationType = Literal["DEVELOPER_METADATA_LOCATION_TYPE_UNSPECIFIED", "ROW", "COLUMN",
                       "SHEET", "SPREADSHEET"]
Visibility = Literal["DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED", "DOCUMENT", "PROJECT"]
MetadataId = Annotated[Id, Field(json_schema_extra=entity("SheetsDeveloperMetadataId"))]


class DeveloperMetadataLocation(In):
    """Where metadata sits: exactly one of spreadsheet, sheetId, dimensionRange."""

    locationType: LocationType | None = opt("ROW, COLUMN, SHEET or SPREADSHEET (set by the "
                                            "server from the field given).")
    spreadsheet: bool | None = opt("True: on the spreadsheet itself.")
    sheetId: Id | None = opt("On this sheet.", json_schema_extra=entity("SheetsSheetId"))
    dimensionRange: DimensionRange | None = opt("On these rows or columns (they carry it as "
                                                "they move; deleted with them).")


class DeveloperMetadata(In):
    metadataId: MetadataId | None = opt("The metadata's id (assigned when omitted; unique in "
                                        "the spreadsheet).")
    metadataKey: str | None = opt("The key (required; several may share it).",
                                  max_length=200)
    metadataValue: str | None = opt("The value.", max_length=50_000)
    location: DeveloperMetadataLocation | None = opt("Where it is attached (required).")
    visibility: Visibility | None = opt("DOCUMENT (any program with access) or PROJECT (the "
                                        "creating project only; here: every caller).")


class DeveloperMetadataLookupModel(In):
    """Selects developer metadata by the fields given (all of them must match)."""

    locationType: LocationType | None = opt("Only metadata at this kind of location.")
    metadataLocation: DeveloperMetadataLocation | None = opt(
        "Only metadata at this location (with locationMatchingStrategy).")
    locationMatchingStrategy: Literal[
        "DEVELOPER_METADATA_LOCATION_MATCHING_STRATEGY_UNSPECIFIED", "EXACT_LOCATION",
        "INTERSECTING_LOCATION"] | None = opt(
        "EXACT_LOCATION (default): at exactly metadataLocation; INTERSECTING_LOCATION: also "
        "rows/columns overlapping it.")
    metadataId: MetadataId | None = opt("Only the metadata with this id.")
    metadataKey: str | None = opt("Only metadata with this key.", max_length=200)
    metadataValue: str | None = opt("Only metadata with this value.", max_length=50_000)
    visibility: Visibility | None = opt("Only metadata with this visibility.")


DeveloperMetadataLookup = Annotated[DeveloperMetadataLookupModel,
                                    compact(DeveloperMetadataLookupModel)]
