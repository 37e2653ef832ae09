/**
 * Pools of pre-generated text (names, addresses, companies, messages) made once with faker's
 * en_IN locale from the seed number. Rows pick from the pools, so a million rows cost a million
 * array lookups rather than a million faker calls.
 */
import { fakerEN_IN as faker } from '@faker-js/faker'

export type Fragments = ReturnType<typeof buildFragments>

const POOL = 1500

/** Build the pools, deterministic for `seed`. */
export function buildFragments(seed: number) {
  faker.seed(seed)
  const many = <T>(make: () => T, size = POOL) => Array.from({ length: size }, make)
  return {
    firstNames: many(() => faker.person.firstName()),
    lastNames: many(() => faker.person.lastName(), 400),
    streets: many(() => faker.location.streetAddress()),
    cities: many(() => faker.location.city(), 400),
    states: many(() => faker.location.state(), 60),
    companies: many(() => faker.company.name(), 600),
    bankNames: [
      'State Bank of India',
      'HDFC Bank',
      'ICICI Bank',
      'Axis Bank',
      'Kotak Mahindra Bank',
      'Punjab National Bank',
      'Bank of Baroda',
      'Canara Bank',
      'Union Bank of India',
      'IDFC FIRST Bank',
    ],
    colleges: many(
      () =>
        `${faker.location.city()} ${faker.helpers.arrayElement([
          'Institute of Technology',
          'Engineering College',
          'College of Science',
          'University',
        ])}`,
      300,
    ),
    courses: ['B.Tech CSE', 'B.Tech IT', 'BCA', 'MCA', 'B.Sc Computer Science', 'M.Tech', 'BE ECE', 'B.Com', 'MBA'],
    years: ['1st Year', '2nd Year', '3rd Year', '4th Year', 'Graduate', 'Other'],
    mailDomains: ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com', 'example.in'],
    closers: [
      'Comes with a project report, PPT and a recorded demo video.',
      'Tested on Windows and Ubuntu.',
      'Free installation support over Google Meet for the first week.',
      'Clean, commented code that is easy to extend.',
      'Suitable as a final-year major project.',
      'Deployed by 20+ colleges and small businesses.',
    ],
    asks: [
      'I would like to buy it for my final-year submission.',
      'Can you share a demo video before I pay?',
      'We need it customised for our institute.',
      'The setup guide is not clear to me.',
      'Is GST invoice available for this purchase?',
      'My payment went through but I did not get the code.',
    ],
    subjects: [
      'Question about the source code',
      'Customization request',
      'Installation support needed',
      'Invoice and GST details',
      'Refund request',
      'Project report format',
      'Bulk licence for our college',
      'Demo not loading',
      'Payment debited but order pending',
      'Can you add a feature?',
    ],
    replies: [
      'Thank you for reaching out. We have shared the details on your e-mail.',
      'Our team will call you within 24 hours to help with the installation.',
      'The refund has been initiated and will reflect in 5-7 working days.',
      'Yes, customization is available. Please check the quote we sent.',
      'We have fixed the demo link; please try again.',
    ],
  }
}

/** A full name from the pools, e.g. 'Aditi Menon'. */
export function personName(f: Fragments, pick: <T>(list: readonly T[]) => T): string {
  return `${pick(f.firstNames)} ${pick(f.lastNames)}`
}

/** An e-mail that is unique for `n` (the row number), derived from the name. */
export function emailFor(f: Fragments, name: string, n: number, pick: <T>(list: readonly T[]) => T): string {
  const local = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/\s+/g, '.')
  return `${local || 'user'}.${n}@${pick(f.mailDomains)}`
}
