import type { CategoryName } from '@core/constants.ts';
import type { UserRole } from '../../schema/users.ts';

export interface Person {
  username: string;
  jobTitle: string;
  company: string;
  selfDescription: string;
  /** Categories the person mostly writes in; drives authorship and follows. */
  interests: CategoryName[];
  role?: UserRole;
  isXiaoceAuthor?: boolean;
  blogAddress?: string;
}

/** The account the README documents; signs in with an e-mail or a phone number. */
export const DEMO_ACCOUNT = {
  email: 'demo@jinsha.dev',
  phone: '13800138000',
  password: 'jinsha-demo',
  username: '金砂体验官',
} as const;

export const ADMIN_ACCOUNT = {
  email: 'admin@jinsha.dev',
  password: 'jinsha-admin',
  username: '金砂管理员',
} as const;

export const DEMO_PERSON: Person = {
  username: DEMO_ACCOUNT.username,
  jobTitle: '全栈工程师',
  company: '金砂社区',
  selfDescription: '这是金砂的体验账号：写文章、发沸点、出小册，欢迎随便逛逛。',
  interests: ['frontend', 'backend', 'ai'],
  isXiaoceAuthor: true,
  blogAddress: 'https://jinsha.dev',
};

export const ADMIN_PERSON: Person = {
  username: ADMIN_ACCOUNT.username,
  jobTitle: '社区运营',
  company: '金砂社区',
  selfDescription: '负责推荐优质内容和维护社区秩序，有问题欢迎私信。',
  interests: ['article', 'freebie'],
  role: 'admin',
};

/** Everyone else; all of them sign in with the demo password. */
export const PEOPLE: Person[] = [
  {
    username: '林小满',
    jobTitle: '高级前端工程师',
    company: '星河科技',
    selfDescription: '写 React 也写 Vue，关注性能优化和前端工程化。',
    interests: ['frontend'],
    isXiaoceAuthor: true,
  },
  {
    username: 'gopher_chen',
    jobTitle: '后端工程师',
    company: '云帆数据',
    selfDescription: 'Gopher，分布式系统爱好者，白天写业务晚上读论文。',
    interests: ['backend'],
    isXiaoceAuthor: true,
  },
  {
    username: '阿杰不加班',
    jobTitle: '全栈工程师',
    company: '自由职业',
    selfDescription: '独立开发者，做过几个小工具，相信代码能让生活更简单。',
    interests: ['frontend', 'backend', 'freebie'],
  },
  {
    username: 'Kotlin小王子',
    jobTitle: 'Android 工程师',
    company: '青柠出行',
    selfDescription: '从 Java 转到 Kotlin 就回不去了，Compose 重度用户。',
    interests: ['android'],
    isXiaoceAuthor: true,
  },
  {
    username: 'SwiftUI_Lab',
    jobTitle: 'iOS 工程师',
    company: '拾光影像',
    selfDescription: '专注 iOS 开发七年，喜欢研究 SwiftUI 的布局原理。',
    interests: ['ios'],
    isXiaoceAuthor: true,
  },
  {
    username: '老周聊架构',
    jobTitle: '技术架构师',
    company: '远山金融科技',
    selfDescription: '十五年后端老兵，聊架构、聊稳定性、聊团队。',
    interests: ['backend', 'article'],
    role: 'editor',
  },
  {
    username: '小鹿设计',
    jobTitle: 'UI 设计师',
    company: '浅蓝工作室',
    selfDescription: '设计系统搭建者，相信好的设计是看不见的。',
    interests: ['design'],
  },
  {
    username: '产品阿May',
    jobTitle: '高级产品经理',
    company: '向日葵教育',
    selfDescription: '做过 To C 也做过 To B，关注用户增长和数据驱动。',
    interests: ['product'],
  },
  {
    username: '数据挖掘机',
    jobTitle: '数据分析师',
    company: '云帆数据',
    selfDescription: 'SQL 写得比中文还顺，偶尔也写 Python。',
    interests: ['product', 'backend'],
  },
  {
    username: 'jerry_ai',
    jobTitle: '算法工程师',
    company: '深度求知实验室',
    selfDescription: '做大模型应用落地，RAG 和智能体方向。',
    interests: ['ai'],
    isXiaoceAuthor: true,
  },
  {
    username: '半糖前端',
    jobTitle: '前端工程师',
    company: '橙子电商',
    selfDescription: 'CSS 爱好者，动画和交互细节控。',
    interests: ['frontend', 'design'],
  },
  {
    username: 'PG_DBA',
    jobTitle: '数据库工程师',
    company: '远山金融科技',
    selfDescription: 'PostgreSQL 布道者，帮你把慢查询变快。',
    interests: ['backend'],
  },
  {
    username: 'rust_learner',
    jobTitle: '系统工程师',
    company: '极光网络',
    selfDescription: '正在和借用检查器做朋友。',
    interests: ['backend'],
  },
  {
    username: '晚风与代码',
    jobTitle: '前端工程师',
    company: '星河科技',
    selfDescription: '白天写代码，晚上写字。',
    interests: ['frontend', 'article'],
  },
  {
    username: 'Cheng_UX',
    jobTitle: '交互设计师',
    company: '浅蓝工作室',
    selfDescription: '关注无障碍设计和可用性测试。',
    interests: ['design', 'product'],
  },
  {
    username: '增长黑客老K',
    jobTitle: '增长负责人',
    company: '向日葵教育',
    selfDescription: '做增长八年，只信实验数据。',
    interests: ['product'],
  },
  {
    username: '秃头测试',
    jobTitle: '测试开发工程师',
    company: '橙子电商',
    selfDescription: '自动化测试、性能测试，顺便帮开发找 bug。',
    interests: ['backend', 'freebie'],
  },
  {
    username: '云原生小蓝',
    jobTitle: 'SRE 工程师',
    company: '极光网络',
    selfDescription: 'Kubernetes 运维，可观测性爱好者。',
    interests: ['backend', 'freebie'],
  },
  {
    username: '码农阿飞',
    jobTitle: 'Java 工程师',
    company: '青柠出行',
    selfDescription: 'Spring 全家桶用户，最近在学 Go。',
    interests: ['backend'],
  },
  {
    username: '一只大橘猫',
    jobTitle: '前端工程师',
    company: '自由职业',
    selfDescription: '家里有一只橘猫，代码里有很多 bug。',
    interests: ['frontend'],
  },
  {
    username: 'Yuki_Design',
    jobTitle: '视觉设计师',
    company: '拾光影像',
    selfDescription: '插画、图标和品牌设计。',
    interests: ['design'],
  },
  {
    username: '早睡早起的Leo',
    jobTitle: '客户端工程师',
    company: '青柠出行',
    selfDescription: 'Android 和 iOS 都写一点，正在学 Flutter。',
    interests: ['android', 'ios'],
  },
  {
    username: '深夜调bug',
    jobTitle: '后端工程师',
    company: '橙子电商',
    selfDescription: '线上告警一响，我就知道今晚又睡不了了。',
    interests: ['backend'],
  },
  {
    username: '前端小白菜',
    jobTitle: '初级前端工程师',
    company: '星河科技',
    selfDescription: '入行第一年，记录学习前端的点点滴滴。',
    interests: ['frontend', 'article'],
  },
  {
    username: '后端老兵',
    jobTitle: '技术经理',
    company: '远山金融科技',
    selfDescription: '带团队五年，依然坚持每周写代码。',
    interests: ['backend', 'article'],
  },
  {
    username: '柚子Android',
    jobTitle: 'Android 工程师',
    company: '拾光影像',
    selfDescription: '性能优化和启动速度，是我的日常。',
    interests: ['android'],
  },
  {
    username: '大鱼iOS',
    jobTitle: 'iOS 工程师',
    company: '向日葵教育',
    selfDescription: 'Swift 爱好者，偶尔写写 macOS 小工具。',
    interests: ['ios'],
  },
  {
    username: 'Prompt工程师Ivy',
    jobTitle: 'AI 产品工程师',
    company: '深度求知实验室',
    selfDescription: '提示词、评测集、以及和大模型讲道理。',
    interests: ['ai', 'product'],
  },
  {
    username: '运维不背锅',
    jobTitle: '运维工程师',
    company: '云帆数据',
    selfDescription: '能自动化的绝不手动。',
    interests: ['backend', 'freebie'],
  },
  {
    username: 'momo_pm',
    jobTitle: '产品经理',
    company: '橙子电商',
    selfDescription: '写 PRD 的同时也在学 SQL。',
    interests: ['product'],
  },
  {
    username: '李不言',
    jobTitle: '技术专家',
    company: '极光网络',
    selfDescription: '话不多，代码多。',
    interests: ['backend', 'ai'],
  },
  {
    username: '技术写作者阿白',
    jobTitle: '技术文档工程师',
    company: '星河科技',
    selfDescription: '把复杂的东西讲简单，是一门手艺。',
    interests: ['article', 'freebie'],
  },
  {
    username: 'flutter_fans',
    jobTitle: '移动端工程师',
    company: '自由职业',
    selfDescription: '一套代码跑三端，Flutter 真香。',
    interests: ['android', 'ios'],
  },
  {
    username: '慢慢学Go',
    jobTitle: '后端工程师',
    company: '青柠出行',
    selfDescription: '从 PHP 转 Go 的第二年。',
    interests: ['backend'],
  },
  {
    username: '算法小张',
    jobTitle: '机器学习工程师',
    company: '深度求知实验室',
    selfDescription: '推荐系统和大模型，都在学。',
    interests: ['ai'],
  },
  {
    username: 'VueMaster',
    jobTitle: '前端架构师',
    company: '橙子电商',
    selfDescription: 'Vue 生态老用户，组件库维护者。',
    interests: ['frontend'],
  },
  {
    username: 'node_wang',
    jobTitle: 'Node.js 工程师',
    company: '极光网络',
    selfDescription: 'BFF、SSR 和各种中间层。',
    interests: ['frontend', 'backend'],
  },
  {
    username: '极客Tony',
    jobTitle: '技术博主',
    company: '自由职业',
    selfDescription: '测评各种开发工具和效率神器。',
    interests: ['freebie', 'article'],
  },
  {
    username: '开源爱好者',
    jobTitle: '开源维护者',
    company: '开源社区',
    selfDescription: '维护着几个小众但好用的开源库。',
    interests: ['freebie', 'frontend', 'backend'],
  },
  {
    username: '设计师Nana',
    jobTitle: '产品设计师',
    company: '向日葵教育',
    selfDescription: '设计和产品的交界处。',
    interests: ['design', 'product'],
  },
  {
    username: '程序媛Lily',
    jobTitle: '全栈工程师',
    company: '拾光影像',
    selfDescription: '喜欢把想法快速做成原型。',
    interests: ['frontend', 'backend'],
  },
  {
    username: 'CTO老何',
    jobTitle: 'CTO',
    company: '远山金融科技',
    selfDescription: '聊技术管理、团队建设和技术选型。',
    interests: ['article', 'backend'],
  },
  {
    username: '独立开发者Sam',
    jobTitle: '独立开发者',
    company: '自由职业',
    selfDescription: '一个人做产品，从设计到上线。',
    interests: ['ios', 'product', 'design'],
  },
  {
    username: '学生党小陈',
    jobTitle: '计算机专业学生',
    company: '',
    selfDescription: '大三在读，正在准备秋招。',
    interests: ['frontend', 'ai'],
  },
  {
    username: '键盘与咖啡',
    jobTitle: '后端工程师',
    company: '云帆数据',
    selfDescription: '机械键盘收藏者，每天两杯手冲。',
    interests: ['backend', 'freebie'],
  },
  {
    username: 'AI打工人',
    jobTitle: '大模型应用工程师',
    company: '极光网络',
    selfDescription: '每天都在和上下文窗口斗智斗勇。',
    interests: ['ai'],
  },
];
