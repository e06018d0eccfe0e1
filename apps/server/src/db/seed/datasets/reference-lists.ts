// Reference lists of the platform, as data: licensed banks with their clearing codes,
// nationalities, occupations, incorporation types, stakeholder roles, environment settings and
// the body-check centres. Fixed values and order (ids and sequences follow it); the seed's
// stakeholder-data.ts loads them.
import {
  CONTACT_SETTING_KEYS,
  SERVICE_MODE_SETTING_KEYS,
} from '../../../modules/reference/lists.service';

/** Licensed banks of Hong Kong: [clearing code, English name, Chinese name, active here]. */
export const BANKS: readonly (readonly [string, string, string, boolean])[] = [
  [
    '004',
    'The Hongkong and Shanghai Banking Corporation Limited',
    '香港上海滙豐銀行有限公司',
    true,
  ],
  ['012', 'Bank of China (Hong Kong) Limited', '中國銀行（香港）有限公司', true],
  ['024', 'Hang Seng Bank, Limited', '恒生銀行有限公司', true],
  ['003', 'Standard Chartered Bank (Hong Kong) Limited', '渣打銀行（香港）有限公司', true],
  ['015', 'The Bank of East Asia, Limited', '東亞銀行有限公司', true],
  ['250', 'Citibank (Hong Kong) Limited', '花旗銀行（香港）有限公司', true],
  ['016', 'DBS Bank (Hong Kong) Limited', '星展銀行（香港）有限公司', true],
  [
    '009',
    'China Construction Bank (Asia) Corporation Limited',
    '中國建設銀行（亞洲）股份有限公司',
    true,
  ],
  [
    '072',
    'Industrial and Commercial Bank of China (Asia) Limited',
    '中國工商銀行（亞洲）有限公司',
    true,
  ],
  ['382', 'Bank of Communications (Hong Kong) Limited', '交通銀行（香港）有限公司', true],
  ['018', 'China CITIC Bank International Limited', '中信銀行（國際）有限公司', true],
  ['020', 'CMB Wing Lung Bank Limited', '招商永隆銀行有限公司', true],
  ['040', 'Dah Sing Bank, Limited', '大新銀行有限公司', true],
  ['035', 'OCBC Bank (Hong Kong) Limited', '華僑銀行（香港）有限公司', true],
  ['041', 'Chong Hing Bank Limited', '創興銀行有限公司', true],
  ['043', 'Nanyang Commercial Bank, Limited', '南洋商業銀行有限公司', true],
  ['025', 'Shanghai Commercial Bank Limited', '上海商業銀行有限公司', true],
  ['028', 'Public Bank (Hong Kong) Limited', '大眾銀行（香港）有限公司', true],
  ['039', 'Chiyu Banking Corporation Limited', '集友銀行有限公司', true],
  ['128', 'Fubon Bank (Hong Kong) Limited', '富邦銀行（香港）有限公司', true],
  ['387', 'ZA Bank Limited', '眾安銀行有限公司', true],
  ['389', 'Mox Bank Limited', 'Mox Bank Limited', true],
  ['038', 'Tai Yau Bank, Limited', '大有銀行有限公司', false],
  ['061', 'Tai Sang Bank Limited', '大生銀行有限公司', false],
];

/** Nationalities: [ISO 3166-1 alpha-3, English, Chinese]; Chinese first, then as listed. */
export const NATIONALITIES: readonly (readonly [string, string, string])[] = [
  ['CHN', 'Chinese', '中國'],
  ['GBR', 'British', '英國'],
  ['PHL', 'Filipino', '菲律賓'],
  ['IDN', 'Indonesian', '印尼'],
  ['IND', 'Indian', '印度'],
  ['PAK', 'Pakistani', '巴基斯坦'],
  ['NPL', 'Nepalese', '尼泊爾'],
  ['THA', 'Thai', '泰國'],
  ['VNM', 'Vietnamese', '越南'],
  ['MYS', 'Malaysian', '馬來西亞'],
  ['SGP', 'Singaporean', '新加坡'],
  ['JPN', 'Japanese', '日本'],
  ['KOR', 'Korean', '韓國'],
  ['USA', 'American', '美國'],
  ['CAN', 'Canadian', '加拿大'],
  ['AUS', 'Australian', '澳洲'],
  ['NZL', 'New Zealander', '紐西蘭'],
  ['FRA', 'French', '法國'],
  ['DEU', 'German', '德國'],
  ['IRL', 'Irish', '愛爾蘭'],
  ['PRT', 'Portuguese', '葡萄牙'],
  ['LKA', 'Sri Lankan', '斯里蘭卡'],
  ['BGD', 'Bangladeshi', '孟加拉'],
  ['OTH', 'Other', '其他'],
];

/** Occupations: [industry en, industry zh, role en, role zh]. */
export const OCCUPATIONS: readonly (readonly [string, string, string, string])[] = [
  ['Banking and Finance', '銀行及金融', 'Bank Teller', '銀行櫃員'],
  ['Banking and Finance', '銀行及金融', 'Accountant', '會計師'],
  ['Banking and Finance', '銀行及金融', 'Financial Analyst', '金融分析員'],
  ['Insurance', '保險', 'Insurance Agent', '保險代理'],
  ['Information Technology', '資訊科技', 'Software Engineer', '軟件工程師'],
  ['Information Technology', '資訊科技', 'IT Support Technician', '資訊科技支援技術員'],
  ['Medical and Health', '醫療及健康', 'Registered Nurse', '註冊護士'],
  ['Medical and Health', '醫療及健康', 'Medical Practitioner', '註冊醫生'],
  ['Medical and Health', '醫療及健康', 'Physiotherapist', '物理治療師'],
  ['Education', '教育', 'Primary School Teacher', '小學教師'],
  ['Education', '教育', 'University Lecturer', '大學講師'],
  ['Retail', '零售', 'Shop Assistant', '售貨員'],
  ['Retail', '零售', 'Store Manager', '店舖經理'],
  ['Food and Beverage', '飲食', 'Chef', '廚師'],
  ['Food and Beverage', '飲食', 'Waiter / Waitress', '侍應'],
  ['Construction', '建造', 'Site Foreman', '地盤管工'],
  ['Construction', '建造', 'Electrician', '電工'],
  ['Construction', '建造', 'Scaffolder', '搭棚工人'],
  ['Transport and Logistics', '運輸及物流', 'Taxi Driver', '的士司機'],
  ['Transport and Logistics', '運輸及物流', 'Bus Captain', '巴士車長'],
  ['Transport and Logistics', '運輸及物流', 'Warehouse Worker', '倉務員'],
  ['Property and Real Estate', '地產及物業', 'Estate Agent', '地產代理'],
  ['Property and Real Estate', '地產及物業', 'Security Guard', '保安員'],
  ['Legal', '法律', 'Solicitor', '律師'],
  ['Public Service', '公共服務', 'Civil Servant (Clerical)', '公務員（文職）'],
  ['Public Service', '公共服務', 'Police Officer', '警務人員'],
  ['Domestic Services', '家居服務', 'Foreign Domestic Helper', '外籍家庭傭工'],
  ['Other', '其他', 'Homemaker', '料理家務者'],
  ['Other', '其他', 'Student', '學生'],
  ['Other', '其他', 'Retired', '退休人士'],
];

export const INCORPORATION_TYPES: readonly (readonly [string, string, string])[] = [
  ['sole-proprietorship', 'Sole proprietorship', '獨資經營'],
  ['partnership', 'Partnership', '合夥經營'],
  ['limited-partnership', 'Limited partnership', '有限責任合夥'],
  ['private-company-limited-by-shares', 'Private company limited by shares', '私人股份有限公司'],
  ['public-company-limited-by-shares', 'Public company limited by shares', '公眾股份有限公司'],
  ['company-limited-by-guarantee', 'Company limited by guarantee', '擔保有限公司'],
  ['registered-non-hong-kong-company', 'Registered non-Hong Kong company', '註冊非香港公司'],
  ['society', 'Society registered under the Societies Ordinance', '根據《社團條例》註冊的社團'],
];

/** The spec's stakeholder roles (§6), in its order, with their descriptions. */
export const STAKEHOLDER_ROLE_ROWS: readonly (readonly [string, string, string])[] = [
  ['owner', 'Owner', '東主'],
  ['director', 'Director', '董事'],
  ['partner', 'Partner', '合夥人'],
  ['shareholder', 'Shareholder', '股東'],
  ['authorized_person', 'Authorized person', '獲授權人士'],
  [
    'person-purporting-to-act',
    'Person purporting to act on behalf of the customer',
    '聲稱代表客戶行事的人士',
  ],
];

export const ENVIRONMENT_SETTINGS = [
  {
    key: SERVICE_MODE_SETTING_KEYS.readOnly,
    value: 'false',
    default: 'false',
    type: 'boolean',
    isActive: true,
  },
  {
    key: SERVICE_MODE_SETTING_KEYS.maintenance,
    value: 'false',
    default: 'false',
    type: 'boolean',
    isActive: true,
  },
  // Null: CUSTOMER_SERVICE_PHONE applies until an operator sets a number (decision 133).
  {
    key: CONTACT_SETTING_KEYS.customerServicePhone,
    value: null,
    default: null,
    type: 'string',
    isActive: true,
  },
  {
    key: CONTACT_SETTING_KEYS.bodyCheckBookingPhone,
    value: '2388 6633',
    default: null,
    type: 'string',
    isActive: true,
  },
] as const;

/**
 * The body-check centres (decision 133; the addresses of decision 035 are placeholders for the
 * insurer's real centres, which an operator sets in `body_check_centre`).
 */
export const BODY_CHECK_CENTRES = [
  {
    code: 'mong-kok',
    nameEn: 'Mong Kok Centre',
    nameZh: '旺角中心',
    addressEn: '12/F, 688 Nathan Road, Mong Kok, Kowloon',
    addressZh: '九龍旺角彌敦道688號12樓',
    hoursEn: 'Monday to Saturday, 9:00 to 17:00',
    hoursZh: '星期一至六，上午9時至下午5時',
    sequence: 10,
  },
  {
    code: 'causeway-bay',
    nameEn: 'Causeway Bay Centre',
    nameZh: '銅鑼灣中心',
    addressEn: '18/F, 500 Hennessy Road, Causeway Bay, Hong Kong',
    addressZh: '香港銅鑼灣軒尼詩道500號18樓',
    hoursEn: 'Monday to Saturday, 9:00 to 17:00',
    hoursZh: '星期一至六，上午9時至下午5時',
    sequence: 20,
  },
] as const;
