/** The embeddable elements (issue 5): registers every <posenc-…> element. */
import '../components/table/table.js';
