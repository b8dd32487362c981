// The privacy notice's language and brand, from its query (`?brand=pdfblankett&lang=sv`): an external script, as the
// CSP allows no inline one. Without it the English Signlink text shows, which is still the right notice.
(() => {
  const brands = {
    signlink: { name: 'Signlink', support: 'support@signlink.app' },
    pdfblankett: { name: 'PDF-blankett', support: 'support@pdfblankett.se' },
  };
  const query = new URLSearchParams(window.location.search);
  const brand = brands[query.get('brand')] || brands.signlink;
  const sections = document.querySelectorAll('section[data-lang]');
  const wanted = query.get('lang');
  const chosen = Array.from(sections).find((section) => section.dataset.lang === wanted) || sections[0];
  for (const section of sections) section.hidden = section !== chosen;
  document.documentElement.lang = chosen.lang;
  for (const node of document.querySelectorAll('.provider')) node.textContent = brand.name;
  document.title = chosen.querySelector('h1').textContent;
  for (const link of document.querySelectorAll('a.support')) {
    link.href = `mailto:${brand.support}`;
    link.textContent = brand.support;
  }
})();
