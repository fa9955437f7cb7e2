" goti scenario files (*.goti).
autocmd BufRead,BufNewFile *.goti setfiletype goti
