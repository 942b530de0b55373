// Filters the mutants by verdict; the page is complete without it.
(function () {
  var buttons = document.querySelectorAll('.filters button');
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      var v = b.getAttribute('data-verdict');
      document.querySelectorAll('.mutant').forEach(function (m) {
        m.classList.toggle('hidden', v !== 'all' && !m.classList.contains(v));
      });
    });
  });
  document.body.setAttribute('data-ready', String(document.querySelectorAll('.mutant').length));
})();
