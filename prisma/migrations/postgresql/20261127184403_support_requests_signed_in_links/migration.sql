-- Issue 25, point 6: a request for help joins a member account only when it was sent signed in
-- (or when staff link it by hand once the person confirmed it is theirs). Until now every contact
-- message was linked by the address typed into the form (the form never used the session), and a
-- callback asked for without signing in was linked by its address too, and such a link proves nothing.
-- They are undone here: every contact message, and every callback whose request did not record that
-- same caller signed in. A request on which the member has since written from their own dashboard
-- keeps its link: the holder of the account took it up, signed in. Data only, no schema change.
UPDATE "SupportRequest" SET "userId" = NULL
WHERE "userId" IS NOT NULL
  AND (
    "source" = 'contact'
    OR ("source" = 'callback' AND NOT EXISTS (SELECT 1 FROM "CallbackRequest" AS "caller" WHERE "caller"."id" = "SupportRequest"."callbackRequestId" AND "caller"."userId" = "SupportRequest"."userId"))
  )
  AND NOT EXISTS (SELECT 1 FROM "SupportRequestMessage" AS "message" WHERE "message"."requestId" = "SupportRequest"."id" AND "message"."authorId" = "SupportRequest"."userId" AND "message"."fromStaff" = false);
