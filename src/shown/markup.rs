//! A small writer of XML and HTML: elements opened and closed in order
//! (closing checks the name), every attribute value and text escaped by the
//! one display-safe escaper (`shown::xml`), and only [`Markup::raw`] for
//! markup goti made itself (a declaration, a drawn SVG, layout whitespace).

use crate::shown;

/// Markup being written.
#[derive(Debug, Default)]
pub struct Markup {
    out: String,
    open: Vec<&'static str>,
}

impl Markup {
    pub fn new() -> Markup {
        Markup::default()
    }

    /// Markup goti wrote itself, as it is.
    pub fn raw(&mut self, markup: &str) -> &mut Markup {
        self.out.push_str(markup);
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Markup {
        self.out.push_str(&shown::xml(text));
        self
    }

    fn tag(&mut self, name: &'static str, attrs: &[(&str, &str)]) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            self.out.push(' ');
            self.out.push_str(key);
            self.out.push_str("=\"");
            self.out.push_str(&shown::xml(value));
            self.out.push('"');
        }
    }

    /// `<name attrs>`, to be closed by [`Markup::close`].
    pub fn open(&mut self, name: &'static str, attrs: &[(&str, &str)]) -> &mut Markup {
        self.tag(name, attrs);
        self.out.push('>');
        self.open.push(name);
        self
    }

    /// `<name attrs>` whose attributes goti wrote itself (`href="#rule"`:
    /// any text of the user's in them escaped already), to be closed by
    /// [`Markup::close`].
    pub fn open_own(&mut self, name: &'static str, attrs: &str) -> &mut Markup {
        assert!(
            !attrs.contains(['<', '>']),
            "attributes hold markup: {attrs}"
        );
        self.out.push('<');
        self.out.push_str(name);
        self.out.push(' ');
        self.out.push_str(attrs);
        self.out.push('>');
        self.open.push(name);
        self
    }

    /// `<name attrs/>` (XML).
    pub fn empty(&mut self, name: &'static str, attrs: &[(&str, &str)]) -> &mut Markup {
        self.tag(name, attrs);
        self.out.push_str("/>");
        self
    }

    /// `<name attrs>text</name>`.
    pub fn element(
        &mut self,
        name: &'static str,
        attrs: &[(&str, &str)],
        text: &str,
    ) -> &mut Markup {
        self.open(name, attrs).text(text).close(name)
    }

    /// `</name>`: the element opened last, which must be `name`.
    pub fn close(&mut self, name: &'static str) -> &mut Markup {
        let open = self.open.pop();
        assert_eq!(open, Some(name), "markup closed out of order");
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
        self
    }

    /// The markup written; every element must be closed.
    pub fn finish(self) -> String {
        assert!(self.open.is_empty(), "markup left open: {:?}", self.open);
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_text_are_escaped_and_elements_nest() {
        let mut m = Markup::new();
        m.open("a", &[("name", "x\"<y>")])
            .element("b", &[], "1 < 2 & 3")
            .empty("c", &[("v", "it's")])
            .close("a");
        assert_eq!(
            m.finish(),
            "<a name=\"x&quot;&lt;y&gt;\"><b>1 &lt; 2 &amp; 3</b><c v=\"it&#39;s\"/></a>"
        );
    }

    #[test]
    #[should_panic(expected = "out of order")]
    fn closing_the_wrong_element_is_a_bug() {
        let mut m = Markup::new();
        m.open("a", &[]).close("b");
    }
}
