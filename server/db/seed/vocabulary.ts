/**
 * Static word lists for believable demo projects, per built-in category (SPEC.md 9): what kind of
 * thing each category sells, its technologies and its features.
 */
export type CategoryVocabulary = { kinds: string[]; technologies: string[]; features: string[] }

export const CATEGORY_VOCABULARY: Record<string, CategoryVocabulary> = {
  'Web Development': {
    kinds: ['Management System', 'Portal', 'Booking Website', 'Admin Dashboard', 'E-commerce Platform'],
    technologies: ['React', 'Next.js', 'Vue', 'Angular', 'Node.js', 'Express', 'Django', 'Laravel', 'PHP',
      'MySQL', 'PostgreSQL', 'MongoDB', 'Tailwind CSS', 'Bootstrap'],
    features: ['Role-based login', 'Admin dashboard', 'PDF invoices', 'Razorpay payments', 'Email alerts',
      'Search and filters', 'Reports export to Excel', 'Responsive design', 'SMS notifications'],
  },
  'Mobile Development': {
    kinds: ['App', 'Tracker App', 'Companion App', 'Mobile Wallet', 'Delivery App'],
    technologies: ['Flutter', 'Dart', 'Kotlin', 'Swift', 'React Native', 'Firebase', 'SQLite', 'Java',
      'Android Jetpack', 'Google Maps API'],
    features: ['OTP login', 'Push notifications', 'Offline mode', 'Live location tracking', 'UPI payments',
      'Dark mode', 'In-app chat', 'QR code scanner', 'Multi-language (Hindi, Tamil, Telugu)'],
  },
  'AI/ML': {
    kinds: ['Prediction System', 'Detection System', 'Recommendation Engine', 'Chatbot', 'Classifier'],
    technologies: ['Python', 'TensorFlow', 'PyTorch', 'scikit-learn', 'OpenCV', 'Keras', 'Pandas', 'Flask',
      'FastAPI', 'Hugging Face Transformers', 'YOLOv8', 'Streamlit'],
    features: ['Trained model included', 'Dataset and notebook', 'Accuracy report', 'Web demo', 'REST API',
      'Confusion matrix and charts', 'Real-time webcam inference', 'Model retraining script'],
  },
  SaaS: {
    kinds: ['CRM', 'Billing Platform', 'Analytics Suite', 'Scheduler', 'Helpdesk'],
    technologies: ['React', 'Node.js', 'NestJS', 'PostgreSQL', 'Redis', 'Docker', 'Stripe', 'Razorpay',
      'AWS', 'TypeScript', 'GraphQL'],
    features: ['Multi-tenant workspaces', 'Subscription billing', 'GST invoices', 'Team roles', 'Audit log',
      'Webhooks', 'Usage analytics', 'Single sign-on', 'CSV import'],
  },
  'Desktop App': {
    kinds: ['Billing Software', 'Desktop Manager', 'Offline Suite', 'POS System', 'Record Keeper'],
    technologies: ['Electron', 'C#', '.NET', 'WPF', 'Java Swing', 'JavaFX', 'Python Tkinter', 'Qt', 'SQLite'],
    features: ['Works offline', 'Barcode printing', 'GST billing', 'Data backup and restore', 'Thermal printer support',
      'Multi-user login', 'Daily sales report', 'Tally export'],
  },
  'Game Development': {
    kinds: ['Adventure Game', 'Quiz Game', 'Puzzle Game', 'Racing Game', 'Multiplayer Arena'],
    technologies: ['Unity', 'C#', 'Unreal Engine', 'Godot', 'Phaser', 'JavaScript', 'Blender', 'Pygame'],
    features: ['Level editor', 'Leaderboards', 'Multiplayer lobby', 'Save and load', 'Sound effects and music',
      'Touch controls', 'Achievements', 'Ads integration'],
  },
  'Security Tools': {
    kinds: ['Vulnerability Scanner', 'Intrusion Detection System', 'Password Manager', 'Phishing Detector',
      'Log Analyzer'],
    technologies: ['Python', 'Go', 'Rust', 'Scapy', 'Wireshark', 'Nmap', 'Elasticsearch', 'Kali Linux',
      'OpenSSL', 'Snort'],
    features: ['Port scanning', 'CVE lookup', 'AES-256 encryption', 'Alert dashboard', 'PDF security report',
      'Brute-force detection', 'Two-factor authentication', 'Packet capture'],
  },
}

export const CATEGORIES = Object.keys(CATEGORY_VOCABULARY)

export const TITLE_PREFIXES = ['Smart', 'Online', 'AI-Powered', 'Cloud', 'Secure', 'Real-Time', 'Automated',
  'Digital', 'NextGen', 'Simple', 'Open', 'Mini']
export const DOMAINS = ['Hospital', 'Library', 'Inventory', 'Attendance', 'Expense', 'Hotel', 'Pharmacy', 'Event',
  'Recruitment', 'Farming', 'Parking', 'Food Delivery', 'Tuition', 'Gym', 'Real Estate', 'Bus Ticket', 'Blood Bank',
  'Crop Disease', 'Student Result', 'Canteen', 'Courier', 'Salon', 'Kirana Store', 'Temple Donation', 'Cricket Score',
  'Traffic Sign', 'Fake News', 'Resume', 'Loan', 'Electricity Bill']
export const AUDIENCES = ['colleges', 'small businesses', 'clinics', 'retail shops', 'startups', 'final-year students',
  'NGOs', 'schools', 'housing societies', 'local governments']
export const TAGS = ['final-year', 'student', 'mini-project', 'major-project', 'erp', 'retail', 'health', 'education',
  'finance', 'iot', 'nlp', 'computer-vision', 'open-source', 'startup', 'government', 'agriculture']
