import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The About menu's pages (SPEC §2.4): one entry each, in the menu's order after 下载 App. */
export const ABOUT_SECTIONS = [
  { key: 'about', path: '/about', label: (siteName: string) => `关于${siteName}` },
  { key: 'join', path: '/about/join', label: () => '加入我们' },
  { key: 'translation', path: '/about/translation', label: () => '翻译计划' },
  { key: 'partners', path: '/about/partners', label: () => '合作伙伴' },
] as const;

export type AboutSectionKey = (typeof ABOUT_SECTIONS)[number]['key'];

export const JOBS_EMAIL = 'jobs@jinsha.dev';
export const PARTNER_EMAIL = 'partner@jinsha.dev';
export const SUPPORT_EMAIL = 'support@jinsha.dev';

function H2({ children }: { children: ReactNode }) {
  return <h2 className="mt-8 font-semibold text-[17px] text-fg">{children}</h2>;
}

function P({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-fg-2 leading-7">{children}</p>;
}

const inlineLink = 'text-brand hover:underline';

function AboutSite({ siteName }: { siteName: string }) {
  const places = [
    { to: '/', title: '首页', text: '按前端、后端、Android、iOS、人工智能等分类阅读社区推荐的文章和分享。' },
    { to: '/zhuanlan', title: '专栏', text: '作者在这里连载原创技术文章，关注作者即可在时间线里读到更新。' },
    { to: '/pins', title: '沸点', text: '一句话的技术见闻、踩坑记录和日常，适合随手分享和讨论。' },
    { to: '/collections', title: '收藏集', text: '把好文章整理成主题收藏集，也可以关注别人的收藏集。' },
    { to: '/books', title: '小册', text: '作者写成的系统化付费教程，一次读懂一个主题。' },
    { to: '/repos', title: '开源库', text: '发现值得关注的开源项目，和大家一起翻译它们的中文介绍。' },
    { to: '/events/all', title: '活动', text: '各城市的技术大会、沙龙和开发者聚会日历。' },
  ];
  return (
    <>
      <h1 className="font-semibold text-2xl text-fg">关于{siteName}</h1>
      <P>
        {siteName}是一个面向中文开发者的技术社区。我们相信，好的技术内容来自每天写代码的人：一次排查线上故障的复盘、
        一篇读源码的笔记、一个值得推荐的开源项目，都可能帮另一位开发者少走一段弯路。{siteName}
        想做的，就是让这些内容被更多人读到、被认真讨论，并沉淀下来。
      </P>
      <H2>在这里可以做什么</H2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {places.map((place) => (
          <li key={place.to} className="rounded border border-line p-4">
            <Link to={place.to} className="font-medium text-fg hover:text-brand">
              {place.title}
            </Link>
            <p className="mt-1 text-[13px] text-fg-2">{place.text}</p>
          </li>
        ))}
      </ul>
      <H2>社区约定</H2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-fg-2 leading-7">
        <li>分享你真正读过、觉得有价值的内容；转载请注明出处并取得作者同意。</li>
        <li>就事论事，友善讨论。不同意一个观点时，说明理由而不是攻击提出观点的人。</li>
        <li>不发布广告、引流和与技术无关的营销内容；招聘信息请发在沸点并写清职位与地点。</li>
        <li>遇到违规内容可以举报，编辑会在一个工作日内处理。</li>
      </ul>
      <H2>联系我们</H2>
      <P>
        使用中遇到问题，或对社区有任何建议，请发邮件到{' '}
        <a className={inlineLink} href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        ，我们会尽快回复。
      </P>
    </>
  );
}

const JOBS = [
  {
    title: '前端工程师',
    place: '杭州 / 远程',
    duties: ['负责社区网站与编辑器的功能开发和体验打磨', '关注首屏性能、可访问性和暗色模式等细节'],
    needs: ['熟悉 TypeScript 与 React，了解服务端渲染', '写过可维护的组件，也愿意为它们写测试'],
  },
  {
    title: '后端工程师（Node.js）',
    place: '杭州 / 远程',
    duties: ['设计和实现社区的 API、消息与邮件推送', '维护 PostgreSQL 数据库，优化查询和索引'],
    needs: ['熟悉 Node.js 与 SQL，理解事务和并发', '对可观测性、容量规划有实际经验者优先'],
  },
  {
    title: '社区运营',
    place: '北京 / 杭州',
    duties: ['策划线上话题与线下技术沙龙，服务社区作者', '与开源项目和技术团队建立长期合作'],
    needs: ['有一定技术背景，能读懂技术文章', '善于沟通，做过社区、活动或内容运营'],
  },
];

function JoinUs({ siteName }: { siteName: string }) {
  return (
    <>
      <h1 className="font-semibold text-2xl text-fg">加入我们</h1>
      <P>
        {siteName}
        团队很小，每个人都直接面对用户。我们用社区自己的产品工作：在沸点里收集反馈，在专栏里写技术复盘，在活动里和开发者面对面。
        如果你想做一个开发者真正愿意每天打开的社区，欢迎加入。
      </P>
      <ul className="mt-4 space-y-4">
        {JOBS.map((job) => (
          <li key={job.title} className="rounded border border-line p-5">
            <h2 className="font-semibold text-fg">
              {job.title}
              <span className="ml-2 font-normal text-[13px] text-fg-3">{job.place}</span>
            </h2>
            <h3 className="mt-3 text-[13px] text-fg-3">工作内容</h3>
            <ul className="mt-1 list-disc pl-5 text-fg-2 leading-7">
              {job.duties.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h3 className="mt-3 text-[13px] text-fg-3">我们希望你</h3>
            <ul className="mt-1 list-disc pl-5 text-fg-2 leading-7">
              {job.needs.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <a
              className={`mt-3 inline-block ${inlineLink}`}
              href={`mailto:${JOBS_EMAIL}?subject=${encodeURIComponent(`应聘：${job.title}`)}`}
            >
              投递简历
            </a>
          </li>
        ))}
      </ul>
      <P>
        简历请发送到{' '}
        <a className={inlineLink} href={`mailto:${JOBS_EMAIL}`}>
          {JOBS_EMAIL}
        </a>
        ，邮件标题注明职位。附上你写过的文章、开源项目或作品链接，会比简历本身更能说明你。
      </P>
    </>
  );
}

function Translation({ siteName }: { siteName: string }) {
  return (
    <>
      <h1 className="font-semibold text-2xl text-fg">翻译计划</h1>
      <P>
        很多优秀的开源项目只有英文介绍。{siteName}
        翻译计划请社区成员为开源库撰写中文标题和简介，让中文开发者一眼看懂一个项目解决什么问题。
      </P>
      <H2>怎么参与</H2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-fg-2 leading-7">
        <li>
          登录后打开
          <Link to="/repos" className={`mx-1 ${inlineLink}`}>
            开源库
          </Link>
          ，挑一个你熟悉的项目。
        </li>
        <li>在项目页选择一条已有的译文，或者写下你自己的中文标题和简介。</li>
        <li>填写图形验证码后提交，译文会署上你的名字，项目页展示前 5 位译者。</li>
      </ol>
      <H2>翻译约定</H2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-fg-2 leading-7">
        <li>忠实原意，不夸大，不加入原文没有的评价。</li>
        <li>专有名词和产品名保留英文，如 React、Kubernetes、WebAssembly。</li>
        <li>中英文之间加空格，使用全角中文标点。</li>
        <li>标题简洁，简介说清楚“它是什么、适合谁、怎么用”。</li>
      </ul>
    </>
  );
}

function Partners({ siteName }: { siteName: string }) {
  const ways = [
    {
      title: '活动合作',
      text: `技术大会、沙龙和黑客马拉松可以在${siteName}活动日历中发布，并出现在活动页的推荐位。`,
      link: { to: '/events/all', label: '看看活动日历' },
    },
    {
      title: '内容合作',
      text: '技术团队可以开设专栏，持续发布团队的工程实践；优质文章会进入首页推荐。',
      link: { to: '/zhuanlan', label: '浏览专栏' },
    },
    {
      title: '开源合作',
      text: '开源项目可以在开源库展示，并借助翻译计划获得中文介绍，触达中文开发者。',
      link: { to: '/about/translation', label: '了解翻译计划' },
    },
    {
      title: '小册出版',
      text: '有系统化技术经验的作者或团队，可以把课程写成小册在社区发行。',
      link: { to: '/books', label: '逛逛小册' },
    },
  ];
  return (
    <>
      <h1 className="font-semibold text-2xl text-fg">合作伙伴</h1>
      <P>
        {siteName}
        与技术社区、开源项目、技术团队和活动主办方一起，为开发者提供更好的内容和交流机会。以下是我们常见的合作方式。
      </P>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {ways.map((way) => (
          <li key={way.title} className="rounded border border-line p-4">
            <h2 className="font-semibold text-fg">{way.title}</h2>
            <p className="mt-1 text-[13px] text-fg-2 leading-6">{way.text}</p>
            <Link to={way.link.to} className={`mt-2 inline-block text-[13px] ${inlineLink}`}>
              {way.link.label}
            </Link>
          </li>
        ))}
      </ul>
      <H2>成为合作伙伴</H2>
      <P>
        请把你的组织、希望的合作方式和联系方式发送到{' '}
        <a className={inlineLink} href={`mailto:${PARTNER_EMAIL}`}>
          {PARTNER_EMAIL}
        </a>
        ，我们会在三个工作日内回复。
      </P>
    </>
  );
}

export function AboutSection({ section, siteName }: { section: AboutSectionKey; siteName: string }) {
  switch (section) {
    case 'join':
      return <JoinUs siteName={siteName} />;
    case 'translation':
      return <Translation siteName={siteName} />;
    case 'partners':
      return <Partners siteName={siteName} />;
    default:
      return <AboutSite siteName={siteName} />;
  }
}
