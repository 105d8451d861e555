// The new tab page: today's popular entries of one category, read from the site's public API.
/* global JINSHA */
(() => {
  const site = JINSHA.siteUrl;
  const list = document.getElementById('entries');
  const status = document.getElementById('status');
  const nav = document.getElementById('categories');

  function text(tag, value, className) {
    const node = document.createElement(tag);
    node.textContent = value;
    if (className) node.className = className;
    return node;
  }

  function show(category) {
    status.textContent = '加载中...';
    list.replaceChildren();
    fetch(`${site}/api/timeline/get_entry_by_rank?limit=20&category=${encodeURIComponent(category)}`)
      .then((response) => response.json())
      .then((body) => {
        if (body.s !== 1) throw new Error(body.m);
        status.textContent = body.d.entrylist.length ? '' : '这里还没有文章';
        body.d.entrylist.forEach((entry) => {
          const item = document.createElement('li');
          const link = text('a', entry.title);
          link.href = site + (entry.type === 'post' ? '/post/' : '/entry/') + entry.id;
          item.append(link, text('p', `${entry.user.username} · ${entry.likeCount} 赞 · ${entry.commentCount} 评论`));
          list.append(item);
        });
      })
      .catch(() => {
        status.textContent = '加载失败，请检查网络后刷新';
      });
    Array.prototype.forEach.call(nav.children, (button) => {
      button.setAttribute('aria-pressed', String(button.dataset.category === category));
    });
  }

  fetch(`${site}/api/tag/categories`)
    .then((response) => response.json())
    .then((body) => {
      const categories = [{ name: 'all', title: '推荐' }].concat(body.d.categoryList);
      categories.forEach((category) => {
        const button = text('button', category.title);
        button.type = 'button';
        button.dataset.category = category.name;
        button.addEventListener('click', () => {
          show(category.name);
        });
        nav.append(button);
      });
      show('all');
    })
    .catch(() => {
      show('all');
    });
})();
