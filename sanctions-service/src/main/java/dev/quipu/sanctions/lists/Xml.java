package dev.quipu.sanctions.lists;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;

/** DOM helpers for the list XML files; DTDs and external entities are refused. */
final class Xml {

    private Xml() {
    }

    static Document parse(byte[] bytes) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setExpandEntityReferences(false);
            f.setNamespaceAware(false);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
        } catch (Exception e) {
            throw new ListFormatException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** Direct children with that tag name. */
    static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName(e).equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    /** Descendants with that tag name, in document order. */
    static List<Element> all(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        NodeList list = parent.getElementsByTagName(tag);
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    static String text(Element parent, String tag) {
        List<Element> c = children(parent, tag);
        if (c.isEmpty()) {
            return null;
        }
        return blankToNull(c.get(0).getTextContent());
    }

    static List<String> texts(Element parent, String tag) {
        List<String> out = new ArrayList<>();
        for (Element e : all(parent, tag)) {
            String t = blankToNull(e.getTextContent());
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    static String attr(Element e, String name) {
        return e.hasAttribute(name) ? blankToNull(e.getAttribute(name)) : null;
    }

    static String blankToNull(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        return t.isEmpty() || t.equals("-") ? null : t;
    }

    private static String localName(Element e) {
        String n = e.getTagName();
        int colon = n.indexOf(':');
        return colon < 0 ? n : n.substring(colon + 1);
    }
}
