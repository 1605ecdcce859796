package dev.quipu.sanctions.lists;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.InputStream;

/**
 * Recursive descent over a StAX reader, for list files too large for a DOM (OFAC's Advanced XML is
 * 121 MB). Every method is entered on a START_ELEMENT and leaves the reader on its END_ELEMENT, so
 * handlers compose: a handler either reads its element ({@link #text}, {@link #children}) or
 * {@link #skip}s it. DTDs and external entities are refused, as in {@link Xml}.
 */
final class Stax {

    /** Reads the element the reader is on; must leave the reader on that element's END_ELEMENT. */
    @FunctionalInterface
    interface Handler {
        void element(XMLStreamReader r, String name) throws XMLStreamException;
    }

    private Stax() {
    }

    static XMLStreamReader open(InputStream in) {
        XMLInputFactory f = XMLInputFactory.newInstance();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        try {
            XMLStreamReader r = f.createXMLStreamReader(in);
            while (r.hasNext() && r.next() != XMLStreamConstants.START_ELEMENT) {
                // prolog, comments
            }
            if (!r.isStartElement()) {
                throw new ListFormatException("no root element");
            }
            return r;
        } catch (XMLStreamException e) {
            throw new ListFormatException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** Hands every child element of the current element to the handler, in document order. */
    static void children(XMLStreamReader r, Handler h) throws XMLStreamException {
        while (r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                h.element(r, r.getLocalName());
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                return;
            }
        }
        throw new XMLStreamException("document ends inside an element");
    }

    /** Skips the current element and everything in it. */
    static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    /** The text of a leaf element, trimmed; null when blank. */
    static String text(XMLStreamReader r) throws XMLStreamException {
        return Xml.blankToNull(r.getElementText());
    }

    static String attr(XMLStreamReader r, String name) {
        return r.getAttributeValue(null, name);
    }

    /** The number in a leaf element ({@code <Year>1939</Year>}); -1 when empty or not a number. */
    static int number(XMLStreamReader r) throws XMLStreamException {
        String t = text(r);
        if (t == null) {
            return -1;
        }
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
