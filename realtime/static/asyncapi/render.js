// Renders the document named by #asyncapi's data-document-url with the vendored component.
(function () {
  "use strict";
  var element = document.getElementById("asyncapi");
  AsyncApiStandalone.render(
    {
      schema: { url: element.dataset.documentUrl, options: { method: "GET", mode: "same-origin" } },
      config: { show: { sidebar: true, errors: true } },
    },
    element
  );
})();
