// Each training topic as a written guide of the console's own screens, for deployments without
// the videos (no media address configured) and beside the video where there is one. Every link
// opens a screen of this console (a test checks each against the router).

export interface GuideStep {
  text: string;
  /** A screen of the console the step happens on. */
  link?: { to: string; label: string };
}

export type Guide = GuideStep[];

/** The guides by video slug (the training catalogue's `slug`). */
export const GUIDES: Record<string, Guide> = {
  'creating-staff': [
    { text: 'Open Staff and choose Add Staff.', link: { to: '/agents/add', label: 'Add Staff' } },
    {
      text: 'Type the first and last name: the username is suggested as firstname.lastname, and you may change it before saving.',
    },
    {
      text: 'Give a phone and an email, then choose the role: Program Manager, Sales Staff, Other Staff or Trade Contractor.',
    },
    {
      text: 'Choose the notifications: by text and by email, and the lead notifications for sales staff, program managers and super admins. Other Staff get no texts or mail.',
    },
    {
      text: 'Save. The new staff member gets a link to set their password; Set a Temporary Password gives one now instead, and Resend Password Link sends the link again later.',
    },
    {
      text: 'Find everyone in the staff list, searched by any name, phone or email.',
      link: { to: '/agents', label: 'Staff' },
    },
  ],
  'creating-teams': [
    { text: 'Open Teams and choose Add New Team.', link: { to: '/teams/add', label: 'Add New Team' } },
    { text: 'Give the team a name and a description.' },
    {
      text: 'Search for staff by name and add them; each is marked PM (program manager) or SS/AG (sales staff or agent). Click a chosen member to remove them.',
    },
    {
      text: 'Submit. The team now appears in the Teams List with its member count.',
      link: { to: '/teams', label: 'Teams' },
    },
    {
      text: "Assign the whole team on a community's or a home's Staff tab: its members then hear of that home's visitors as their alerts say.",
    },
  ],
  'creating-communities': [
    { text: 'Open Communities and choose Add Community.', link: { to: '/communities/add', label: 'Add Community' } },
    {
      text: 'Community Info: the name, city, state or province and zip, the sales contact and the links (community, floor plans, virtual tour).',
    },
    {
      text: 'Tour Hours: the hours visitors may tour each day, with a second window where you need one, or keep the defaults.',
    },
    { text: 'Staff: add the users and teams who look after the community. At least one program manager is needed.' },
    { text: "Integrations and Automations: the CRM project ids, then the community's master, trade and sales codes." },
    {
      text: "Submit. The community's page then has its public web page address with Copy, and a QR code for the sales office.",
      link: { to: '/communities', label: 'Communities' },
    },
  ],
  'master-codes': [
    {
      text: "A community's Automations tab holds its Community Master Code, Trade Code and Sales Code; each home uses them unless it has its own.",
      link: { to: '/communities', label: 'Communities' },
    },
    {
      text: "A home's Automations tab shows its Property Master Code, Trade Code and Sales Code (and a Resident Code for rentals), falling back to the community's.",
      link: { to: '/properties', label: 'Properties' },
    },
    {
      text: 'Sync Codes Now puts the codes on every lock of the community or home. Each code shows whether the lock holds it, is taking it, or refused it and why.',
    },
    {
      text: 'Visitors never get these codes: each visitor gets a code of their own that works only during their tour.',
    },
    { text: "A home's Smart Lock or Hub tab lists every code on its lock, with the scheduled ones and their windows." },
  ],
  'creating-properties': [
    { text: 'Open Properties and choose Add Property.', link: { to: '/properties/add', label: 'Add Property' } },
    {
      text: 'Property Info: choose the community first; it fills the subdivision, city, state, zip and codes. Then the lot, address, price, rooms and the time zone.',
    },
    { text: 'Add Users & Teams: the staff who look after the home. At least one of them must be a program manager.' },
    { text: "Tour Hours: the home's own hours, or keep its community's." },
    { text: "Automations: the home's master, trade and sales codes, which default to the community's." },
    {
      text: "Save. The home's page opens, with its public tour page address, its staff, tour hours, gallery and, once installed, its lock.",
    },
  ],
  'editing-survey-questions': [
    {
      text: 'Open Pre-Tour Survey for what visitors answer before a tour (up to five questions).',
      link: { to: '/pre-tour-survey', label: 'Pre-Tour Survey' },
    },
    {
      text: 'Open Post-Tour Survey for what they answer after it (up to two questions).',
      link: { to: '/post-tour-survey', label: 'Post-Tour Survey' },
    },
    {
      text: 'Add a question: its text and its answer type, then, for Multiple Choice, the choices visitors pick from.',
    },
    { text: 'Edit or remove a question from its row. Visitors see the change on their next tour.' },
    {
      text: "The answers appear on each customer's page, under its Survey tab and in the visit's remarks.",
      link: { to: '/customers', label: 'Customers' },
    },
  ],
  'pre-registering-visitors': [
    { text: 'Open Share.', link: { to: '/share', label: 'Share' } },
    { text: 'Book a tour: choose the home, the day and a time (every half hour from 7:00 AM to 8:30 PM).' },
    { text: "Customer Details: the visitor's name, phone and email, and whether they are a visitor or an agent." },
    {
      text: 'Create Verified account sends the visitor a sign-in of their own, so they skip the texted code at the home.',
    },
    {
      text: 'Send Scheduled Tour Invite books the tour and texts the visitor its link; it then appears under Scheduled Visits.',
      link: { to: '/schedule-visit', label: 'Scheduled Visits' },
    },
  ],
  'self-tour-landing-page': [
    {
      text: "Open a home's page: the public web page address under its info is the page visitors tour from. Copy it for your listings.",
      link: { to: '/properties', label: 'Properties' },
    },
    {
      text: "A community's page has its own public address, listing the homes open to tours, and a QR code to print for the sales office.",
      link: { to: '/communities', label: 'Communities' },
    },
    {
      text: 'The page uses your logo, colours and button style from Settings, and the texts of Content Settings.',
      link: { to: '/content-settings', label: 'Content Settings' },
    },
    {
      text: 'Only homes whose status lets them be toured offer a tour; the others say they are not open to self-tours.',
    },
  ],
  'tour-hours-option': [
    {
      text: "Open a community's Tour Hours tab to set the hours for all its homes.",
      link: { to: '/communities', label: 'Communities' },
    },
    {
      text: 'For each day choose the opening and closing time, add a second window for a midday break, or close the day.',
    },
    {
      text: "A home's own Tour Hours tab overrides its community's; without either, the default hours apply.",
      link: { to: '/properties', label: 'Properties' },
    },
    {
      text: "Visitors can tour now or book only inside these hours, on the home's clock. A try outside them is listed under After Tour Hours.",
      link: { to: '/afterTourHours', label: 'After Tour Hours' },
    },
  ],
  'global-url-and-syncing': [
    {
      text: "Settings › Tour Now Page shows your tour page name: every home's and community's public address starts with it.",
      link: { to: '/settings', label: 'Settings' },
    },
    {
      text: 'Integrations › listing feed: give the feed address (BDX or your own), then Sync now to bring homes in at once; the nightly sync keeps them in step.',
      link: { to: '/integrations', label: 'Integrations' },
    },
    {
      text: 'A sync says how many homes it created, updated and left alone, and why it refused any. Homes are matched by their External Identifier.',
    },
    {
      text: 'To switch a community on or off for tours, open it and set its Community status, then Save.',
      link: { to: '/communities', label: 'Communities' },
    },
  ],
  'speed-to-lead': [
    {
      text: 'Turn on lead notifications for your sales staff: each is told by text or email when a visitor verifies, books or starts a tour.',
      link: { to: '/agents', label: 'Staff' },
    },
    {
      text: 'Visits lists every tour as it happens; Accessed in green means the door opened for the visitor.',
      link: { to: '/visits', label: 'Visits' },
    },
    {
      text: 'Open the customer from the visit to see their answers, the homes they toured and their feedback before you call.',
      link: { to: '/customers', label: 'Customers' },
    },
    {
      text: 'Messaging sends the follow-up texts for you: during the tour, after it, and when a tour is booked.',
      link: { to: '/messaging', label: 'Messaging' },
    },
  ],
  'converting-self-tour-visitors': [
    {
      text: 'Offers lists the visitors who said they are Ready to Buy (or Ready to Rent) after a tour, latest move-in first.',
      link: { to: '/offers', label: 'Offers' },
    },
    {
      text: "A customer's Activity shows each visit, its feedback and the stars they gave: open the conversation with what they liked.",
      link: { to: '/customers', label: 'Customers' },
    },
    {
      text: 'Scheduled Visits shows the tours booked ahead: a good moment to offer to meet them at the home.',
      link: { to: '/schedule-visit', label: 'Scheduled Visits' },
    },
    {
      text: 'Insights shows the funnel from registration to tour to offer to sale, to see where visitors stop.',
      link: { to: '/insights', label: 'Insights' },
    },
  ],
  'objection-handling': [
    {
      text: 'Read what visitors said after their tours: the post-tour survey answers are on each customer.',
      link: { to: '/customers', label: 'Customers' },
    },
    {
      text: 'The visit report shows, per community, how visitors came, when they tour most and how many homes each sees.',
      link: { to: '/reports', label: 'Reports' },
    },
    {
      text: 'Ask the questions you need answered before a tour in the Pre-Tour Survey, such as timing and financing.',
      link: { to: '/pre-tour-survey', label: 'Pre-Tour Survey' },
    },
    {
      text: 'The Profit Center shows the homes sold after a self-tour and their days on market, for the "just looking" conversation.',
      link: { to: '/profit-center', label: 'Profit Center' },
    },
  ],
};
