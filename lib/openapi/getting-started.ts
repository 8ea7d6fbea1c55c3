// The getting-started guide of the API docs page: the developer journey with copy-pasteable curl.

export type GuideStep = { title: string; text: string; code?: string };

export function gettingStarted(baseUrl: string): GuideStep[] {
  return [
    {
      title: "1. Sign in and register",
      text: "Sign in to the developer portal with your Yapture account and fill in the registration form, or register over the API with a Yapture access token:",
      code: `curl -X POST ${baseUrl}/api/dev/register \\
  -H "Authorization: Bearer $YAPTURE_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"Dana Developer","email":"dana@example.com","companyName":"Northwind Labs"}'`,
    },
    {
      title: "2. Get verified",
      text: "An administrator verifies new developers, usually within 24 hours; you get an email. Check your status any time:",
      code: `curl ${baseUrl}/api/dev/me -H "Authorization: Bearer $YAPTURE_TOKEN"`,
    },
    {
      title: "3. Create an API key",
      text: "Choose only the scopes you need. The full key is shown once: store it in your secret manager.",
      code: `curl -X POST ${baseUrl}/api/dev/api-keys \\
  -H "Authorization: Bearer $YAPTURE_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"CI deploys","scopes":["APP_CREATE","APP_READ","APP_UPDATE","ANALYTICS_READ"],"expiresInDays":90}'`,
    },
    {
      title: "4. Create a listing",
      text: "Listings start as DRAFT. Images must be public https URLs: a square logo of at least 512×512, a 1200×600 banner and 2–6 screenshots of at least 1280×720, PNG or JPEG.",
      code: `curl -X POST ${baseUrl}/api/dev/apps \\
  -H "Authorization: Bearer $MARKETPLACE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "name": "Focus Timer",
    "description": "Pomodoro sessions for your Yapture tasks. Track focus time per task.",
    "category": "PRODUCTIVITY",
    "environment": "production",
    "logoUrl": "https://cdn.example.com/focus/logo.png",
    "bannerUrl": "https://cdn.example.com/focus/banner.png",
    "screenshots": [
      { "url": "https://cdn.example.com/focus/1.png", "caption": "Timer" },
      { "url": "https://cdn.example.com/focus/2.png", "caption": "Reports" }
    ]
  }'`,
    },
    {
      title: "5. Submit for review",
      text: "The images are checked at once; problems come back together as one asset_invalid error naming each image. Review takes 24–48 hours; you get an email either way. If the listing is rejected, the reasons stay on it until you fix them and submit again.",
      code: `curl -X POST ${baseUrl}/api/dev/apps/$APP_ID/submit -H "Authorization: Bearer $MARKETPLACE_KEY"`,
    },
    {
      title: "6. Watch it grow",
      text: "Once approved, the app is public at /apps/<slug>. Analytics show installs per day:",
      code: `curl ${baseUrl}/api/dev/apps/$APP_ID/analytics -H "Authorization: Bearer $MARKETPLACE_KEY"`,
    },
    {
      title: "7. Ship an update",
      text: "An approved app changes through its next version. Start a revision (a copy of the live listing), change what you need, say what is new, and submit it. The live version stays public until the update is approved; then the public page shows the new version and your notes under \u201cWhat\u2019s new\u201d. States: DRAFT → PENDING → APPROVED or REJECTED; withdraw a PENDING update to edit it again.",
      code: `curl -X POST ${baseUrl}/api/dev/apps/$APP_ID/revision \\
  -H "Authorization: Bearer $MARKETPLACE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"Focus Timer Sync","notes":"Sessions now sync across devices."}'
curl -X POST ${baseUrl}/api/dev/apps/$APP_ID/revision/submit -H "Authorization: Bearer $MARKETPLACE_KEY"`,
    },
  ];
}
