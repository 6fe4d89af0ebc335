//! The Gomocup (Piskvork) protocol and the Yixin Board extensions.
