/**
 * The audit log in words: a changed field's label ('is_active' and 'isActive' → 'Active') and an
 * action's description ('commission.insert' → 'Commission config created'). The triggers store
 * their table's column names (snake_case), the app its row's keys (camelCase): one table keyed by
 * the snake_case name serves both. The codes stay in the detail panel; a field or action missing
 * here reads as its words ('link_expires' → 'Link expires'), and a test fails for any column of
 * an audited table without a label (tests/unit/views/audit/audit-labels.test.ts).
 */

/** Field labels by snake_case column or key name. */
export const AUDIT_FIELD_LABELS = {
  id: 'ID',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  college: 'College',
  course: 'Course',
  year: 'Year',
  address: 'Address',
  is_active: 'Active',
  is_draft: 'Draft',
  is_admin: 'Admin',
  is_agent: 'Agent',
  is_email_verified: 'E-mail verified',
  agent_status: 'Agent status',
  business_name: 'Business name',
  website_url: 'Website',
  default_discount_bps: 'Default discount',
  commission_rate_bps: 'Commission rate',
  social_media: 'Social media',
  bank_details: 'Bank details',
  preferences: 'Preferences',
  referral_code: 'Referral code',
  agent_code: 'Agent code',
  password_hash: 'Password',
  created_at: 'Created',
  updated_at: 'Updated',
  title: 'Title',
  description: 'Description',
  category: 'Category',
  price: 'Price',
  price_paise: 'Price',
  discount: 'Discount',
  technologies: 'Technologies',
  features: 'Features',
  tags: 'Tags',
  demo_url: 'Demo URL',
  difficulty: 'Difficulty',
  rating: 'Rating',
  is_featured: 'Featured',
  is_in_stock: 'In stock',
  stock: 'Stock',
  has_files: 'Has files',
  total_file_size: 'Total file size',
  project_owner_id: 'Owner',
  github_repo: 'GitHub repository',
  verification_status: 'Verification',
  verification_notes: 'Verification notes',
  submission_message: 'Submission message',
  allows_customization: 'Allows customisation',
  customization_price_paise: 'Customisation price',
  includes_installation_support: 'Installation support',
  support_duration: 'Support duration',
  has_report: 'Has report',
  report_price_paise: 'Report price',
  sales_count: 'Sales',
  download_count: 'Downloads',
  view_count: 'Views',
  reviews: 'Reviews',
  revenue_paise: 'Revenue',
  avg_rating: 'Average rating',
  conversion_rate: 'Conversion rate',
  order_id: 'Order',
  user_id: 'Customer',
  project_id: 'Project',
  referrer_id: 'Referrer',
  total_amount_paise: 'Total amount',
  with_customization: 'With customisation',
  with_installation: 'With installation',
  with_report: 'With report',
  status: 'Status',
  search_text: 'Search text',
  payment_id: 'Payment ID',
  amount_paise: 'Amount',
  method: 'Method',
  transaction_id: 'Transaction ID',
  subject: 'Subject',
  message: 'Message',
  is_read: 'Read',
  reply: 'Reply',
  replied_at: 'Replied',
  reply_claimed_at: 'Reply claimed',
  client_ip: 'Client IP',
  project_owner_rate_bps: 'Project owner rate',
  platform_owner_rate_bps: 'Platform rate',
  customizer_rate_bps: 'Customiser rate',
  installation_support_rate_bps: 'Installation support rate',
  referral_commission_rate_bps: 'Referral commission rate',
  agent_discount_bps: 'Agent discount',
  student_commission_bps: 'Student commission',
  no_referral_distribution: 'No-referral distribution',
  notes: 'Notes',
  note: 'Note',
  is_default: 'Default',
  report: 'Report',
  file_name: 'File name',
  file_path: 'File path',
  images: 'Images',
  added: 'Images added',
  new_order: 'Image order',
} as const satisfies Record<string, string>

/** Action descriptions by code. */
export const AUDIT_ACTION_LABELS = {
  'auth.otp_failed': 'Sign-in code refused',
  'auth.password_change': 'Password changed',
  'auth.profile_update': 'Profile updated',
  'auth.refresh_reuse': 'Refresh token reused',
  'auth.session_revoke': 'Session signed out',
  'auth.sessions_revoke_others': 'Other sessions signed out',
  'auth.sign_in': 'Signed in',
  'auth.step_up': 'Identity confirmed',
  'commission.insert': 'Commission config created',
  'commission.update': 'Commission config changed',
  'commission.delete': 'Commission config deleted',
  'contact.reply': 'Contact replied to',
  'contact.status': 'Contact status changed',
  'order.status': 'Order status changed',
  'payment.update': 'Payment changed',
  'payment.delete': 'Payment deleted',
  'project.create': 'Project created',
  'project.delete': 'Project deleted',
  'project.images.add': 'Project images added',
  'project.images.delete': 'Project image deleted',
  'project.images.reorder': 'Project images reordered',
  'project.owner_notice': 'Owner told of a decision',
  'project.report.delete': 'Project report deleted',
  'project.report.upload': 'Project report uploaded',
  'project.update': 'Project updated',
  'project.verify': 'Project verification changed',
  'report.download': 'Report downloaded',
  'report.download_link': 'Report download link made',
  'repository.delete': 'Repository deleted',
  'repository.update': 'Repository changed',
  'user.bank_account.reveal': 'Bank account number revealed',
  'user.bank_details.update': 'Bank details updated',
  'user.create': 'User created',
  'user.role_change': 'User role or status changed',
  'verification_history.delete': 'Verification entry deleted',
  'verification_history.update': 'Verification entry changed',
} as const satisfies Record<string, string>

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key)

/** 'link_expires' or 'linkExpires' → 'Link expires'. */
export function words(code: string): string {
  const text = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** `isActive` → `is_active`. */
const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()

/** A field path's label: each dotted segment by the table, or in words ('bankDetails.ifscCode' → 'Bank details › Ifsc code'). */
export function auditFieldLabel(field: string): string {
  return field
    .split('.')
    .map((part) => {
      const key = snake(part)
      return has(AUDIT_FIELD_LABELS, key) ? AUDIT_FIELD_LABELS[key] : words(part)
    })
    .join(' › ')
}

/** An action's description: by the table, or its code in words ('user.address.update' → 'User address update'). */
export function auditActionText(action: string): string {
  return has(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action] : words(action)
}
