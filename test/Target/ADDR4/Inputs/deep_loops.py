import struct,sys
S=lambda t,p:t+struct.pack('<I',len(p))+p
d=200
i=b''.join(struct.pack('<BBBiiiI',5,3,0,0,1,1,d-k-1) for k in range(d))
open(sys.argv[1],'wb').write(b'DYN4'+struct.pack('<HHHHH',5,30,0,1,0)+S(b'FUNC',struct.pack('<I',1)+b'f'+bytes(8))+S(b'LOCS',bytes(4))+S(b'INST',struct.pack('<I',d)+i)+S(b'BLKS',bytes(4))+S(b'IREC',bytes(4))+S(b'SRCS',bytes(4)+struct.pack('<I',d)+struct.pack('<III',0xFFFFFFFF,0,0)*d))
