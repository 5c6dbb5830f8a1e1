"""The fields Bullhorn's entity reference documents (github.com/bullhorn/rest-api-docs,
`source/includes/entityref/`) that the agency keeps no data of its own in: Bullhorn's
standard fields it does not use and its configurable slots (`customText1` to 40...).

They are real fields: a write stores the value (in `field_value`, one row per record and
field, so no entity table changes shape) and every read, `/query`, `/search` and `/meta`
sees it; unset, they read null, as Bullhorn sends an unset field. Each entry is
`name:kind`, a range `customText3-40:str100` standing for each field of it. Kinds: `strN`
(text of at most N characters), `text` (long text), `int`, `float` (Bullhorn's Double),
`decimal` (BigDecimal), `date` (Timestamp: epoch milliseconds), `bool`, `address` (the
composite), `ref:Entity` (a to-one association) and `person` (a Candidate or a
ClientContact, with `_subtype`). Read-only fields Bullhorn computes (`dateLastModified`...)
are not here: the registry (`fields.py`) serves those it can compute.
"""

from __future__ import annotations

import re

DOCUMENTED: dict[str, str] = {
    "Candidate": """
        certifications:text clientRating:int comments:text companyName:str100
        companyURL:str100 customDate1-13:date customEncryptedText1-10:str100
        customFloat2-23:float customInt1-23:int customText3-40:str100
        customTextBlock1-10:text dateAvailable:date dateAvailableEnd:date
        dateI9Expiration:date dateNextCall:date dateOfBirth:date dayRate:decimal
        dayRateLow:decimal degreeList:text description:text desiredLocations:text
        disability:str1 educationDegree:text email2-3:str100 employeeType:str30
        employmentPreference:str200 ethnicity:str50 experience:int externalID:str50
        fax:str20 fax2-3:str20 federalAdditionalWitholdingsAmount:decimal
        federalExemptions:int federalExtraWithholdingAmount:decimal
        federalFilingStatus:str1 gender:str1 i9OnFile:int isAnonymized:bool
        isEditable:bool isExempt:bool linkedPerson:ref:ClientContact
        localAddtionalWitholdingsAmount:decimal localExemptions:int
        localFilingStatus:str1 localTaxCode:str40 maritalStatus:text massMailOptOut:bool
        middleName:str50 namePrefix:str5 nameSuffix:str5 nickName:str50
        numCategories:int numOwners:int occupation:str100
        onboardingDocumentReceivedCount:int onboardingDocumentSentCount:int
        onboardingPercentComplete:int onboardingStatus:text
        otherDeductionsAmount:decimal otherIncomeAmount:decimal pager:str20
        paperWorkOnFile:text password:text payrollClientStartDate:date
        payrollStatus:text phone2-3:str20 preferredContact:str15 recentClientList:text
        referredBy:str50 referredByPerson:person salary:decimal salaryLow:decimal
        secondaryAddress:address smsOptIn:bool ssn:str18
        stateAddtionalWitholdingsAmount:decimal stateExemptions:int
        stateFilingStatus:str1 taxID:str18 taxState:str30 timeZoneOffsetEST:int
        tobaccoUser:text totalDependentClaimAmount:decimal travelLimit:int
        travelMethod:str100 twoJobs:bool type:str100 userDateAdded:date username:str100
        veteran:str1 willRelocate:bool workAuthorized:bool workPhone:str20""",
    "Placement": """
        approvedChangeRequests:int approvingClientContact:ref:ClientContact
        backupApprovingClientContact:ref:ClientContact benefitGroup:str100
        billingClientContact:ref:ClientContact billingFrequency:str20 bonusPackage:text
        clientOvertimeRate:float clientRating:int comments:text costCenter:str100
        dateClientEffective:date dateEffective:date daysGuaranteed:int daysProRated:int
        durationWeeks:float employeeType:str30 employmentStartDate:date
        exemptionStatus:int expiringCredentials:int fee:float hoursOfOperation:str100
        hoursPerDay:float housingManagerID:int housingStatus:str30
        incompleteRequirements:int invoiceGroupID:int invoiceGroupName:str100
        invoiceID:int isWorkFromHome:bool markUpPercentage:float
        onboardingDocumentReceivedCount:int onboardingDocumentSentCount:int
        onboardingPercentComplete:int onboardingStatus:str100 optionsPackage:text
        otExemption:int otherHourlyFee:float otherHourlyFeeComments:text
        overtimeMarkUpPercentage:float overtimeRate:float owner:ref:CorporateUser
        payGroup:str255 pendingChangeRequests:int positionCode:str100
        recruitingManagerPercentGrossMargin:float referralFee:decimal
        referralFeeType:str20 reportTo:str100 reportedMargin:float salary:decimal
        salaryUnit:str20 salesManagerPercentGrossMargin:float
        statementClientContact:ref:ClientContact taxRate:float taxState:str50
        terminationReason:str100 workWeekStart:int
        vendorClientCorporation:ref:ClientCorporation""",
    "JobOrder": """
        benefits:text billRateCategoryID:int bonusPackage:text branchCode:str100
        certificationList:str255 costCenter:str30 dateClosed:date dateEnd:date
        dateLastExported:date degreeList:text durationWeeks:float educationDegree:str50
        estimatedEndDate:date externalCategoryID:int externalID:str100
        feeArrangement:float hoursOfOperation:str30 hoursPerWeek:float
        isClientEditable:bool isInterviewRequired:bool isJobcastPublished:bool
        isPublic:int isWorkFromHome:bool jobBoardList:text jobOrderRateCardID:int
        jobPostingURL:str100 markUpPercentage:float onSite:str20 optionsPackage:text
        publicDescription:text publishedZip:str18 reasonClosed:text reportTo:str100
        reportToClientContact:ref:ClientContact responseUser:ref:CorporateUser
        salary:decimal salaryUnit:str12 screenerQuestionsStatus:int source:str100
        taxRate:float taxStatus:str20 timeAndLaborEnabledDate:date
        travelRequirements:str50 type:int willRelocate:bool willRelocateInt:int
        willSponsor:bool yearsRequired:int""",
    "CorporateUser": """
        address:address customDate1-3:date customFloat1-3:float customInt1-3:int
        customText1-20:str100 dateLastComment:date departmentIdList:str255
        email2-3:str100 emailNotify:bool emailSignature:text externalEmail:str60
        fax1-3:str50 inboundEmailEnabled:bool isDayLightSavingsTime:bool isDeleted:bool
        isHidden:bool isLockedOut:bool isOutboundFaxEnabled:bool massMailOptOut:bool
        middleName:str50 mobile:str20 namePrefix:str5 nameSuffix:str5 nickName:str50
        pager:str20 reportToPerson:person salesforceUserID:text smsOptIn:bool
        status:str100 timeZoneOffsetEST:int""",
    "ClientCorporation": """
        annualRevenue:decimal billingAddress:address billingContact:str100
        billingFrequency:str20 billingPhone:str20 businessSectorList:text
        competitors:text culture:text dateFounded:date externalID:str30
        exemptionStatus:int funding:text invoiceFormat:str50 notes:text numEmployees:int
        numOffices:int ownerShip:str30 parentClientCorporation:ref:ClientCorporation
        revenue:text taxRate:float tickerSymbol:str20 workWeekStart:int""",
    "ClientContact": """
        address:address certifications:text comments:text dateLastVisit:date
        description:text desiredCategories:str255 desiredSkills:str255
        desiredSpecialties:str255 division:str40 email2-3:str100 externalID:str30
        fax:str20 fax2-3:str20 isAnonymized:bool isDayLightSavings:bool
        linkedPerson:ref:Candidate massMailOptOut:bool middleName:str50 mobile:str20
        namePrefix:str5 nameSuffix:str5 nickName:text numEmployees:int office:str40
        pager:str20 password:text phone2-3:str20 preferredContact:str15
        referredByPerson:person reportToPerson:person secondaryAddress:address
        smsOptIn:bool source:str200 timeZoneOffsetEST:int type:str30 username:str100""",
    "JobSubmission": """
        endDate:date isHidden:bool latestAppointment:ref:Appointment migrateGUID:str36
        salary:decimal screeningCompletedDateTime:date screeningDuration:float
        screeningFeedbackComment:str255 screeningFeedbackRating:int screeningScore:int
        screeningStatus:str100 screeningSummary:str255 source:str100 startDate:date""",
    "Note": """
        externalID:str100 linkedInID:str200 migrateGUID:str36 minutesSpent:int
        truestDateAdded:date""",
    "Appointment": """
        appointmentUUID:text communicationMethod:str30 isAllDay:bool isPrivate:bool
        migrateGUID:str36 notificationMinutes:int parentAppointment:ref:Appointment
        placement:ref:Placement recurrenceDayBits:int recurrenceFrequency:int
        recurrenceStyle:str10 recurrenceType:str1""",
}

_TOKEN = re.compile(r"^(?P<stem>[A-Za-z]+?)(?P<lo>\d+)-(?P<hi>\d+)$")


def documented(entity: str) -> list[tuple[str, str]]:
    """The entity's (name, kind) pairs, ranges expanded, in the reference's order."""
    out: list[tuple[str, str]] = []
    for token in DOCUMENTED.get(entity, "").split():
        name, _, kind = token.partition(":")
        span = _TOKEN.match(name)
        if span is None:
            out.append((name, kind))
            continue
        stem = span.group("stem")
        out += [(f"{stem}{i}", kind)
                for i in range(int(span.group("lo")), int(span.group("hi")) + 1)]
    return out
